import { PRODUCT_NAME } from '@agency/shared';
import type { PageIntro, Stat, TextCard } from './site-copy-types';

export const aboutIntro: PageIntro = {
  eyebrow: `About ${PRODUCT_NAME}`,
  title: 'The agentic eCommerce agency for consumer brands',
  lede:
    'We help consumer-product brands get found, chosen and bought in a world where AI assistants ' +
    'increasingly do the shopping research.',
};

export const aboutPositioning: string[] = [
  `${PRODUCT_NAME} was founded in 2024 by former executives of large consumer-goods companies. We spent ` +
    'our careers growing brands through retailers, marketplaces and media, and we saw the next shift ' +
    'coming: shoppers asking AI assistants what to buy, and those assistants answering with a short list ' +
    'of names.',
  'Being on that list is now as important as ranking on a search results page or winning the Amazon buy ' +
    'box. Yet most brands have no idea how ChatGPT, Claude, Gemini, Grok or Amazon Rufus describe them, or ' +
    'why a competitor gets recommended instead.',
  'We combine Amazon optimisation, retail media management and language model visibility in one team. ' +
    'We measure how the models see you, fix what they read, build authority on the sources they trust and ' +
    'then use advertising to turn that visibility into sales.',
  'We work with brands in health and wellness, food and drink, personal care, household, pet and baby, ' +
    'and sports and fitness, from fast-growing challengers to established names.',
];

export const impactStats: Stat[] = [
  { value: '£1bn+', label: 'Amazon sales driven by our team' },
  { value: '£100m', label: 'Advertising spend managed' },
  { value: '1m', label: 'LLM queries analysed' },
  { value: '24/7', label: 'Support when you need it' },
];

export const missionValues: TextCard[] = [
  {
    title: 'Innovation',
    text:
      'AI search changes month by month. We test new models, features and tactics as they appear, and ' +
      'build our own tools so our clients are early rather than catching up.',
  },
  {
    title: 'Results',
    text:
      'We judge our work by mentions won, citations earned and sales made. Every programme starts with a ' +
      'measured baseline so progress is visible, not claimed.',
  },
  {
    title: 'Partnership',
    text:
      'We work as an extension of your team, share what we learn openly and plan around your commercial ' +
      'goals, your retailers and your margins.',
  },
];
