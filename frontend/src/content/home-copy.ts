import { PRODUCT_NAME } from '@agency/shared';
import type { CallToAction, PageIntro, ServiceOffer, Stat, TextCard } from './site-copy-types';

export const homeHero: PageIntro & { primaryCta: CallToAction; secondaryCta: CallToAction } = {
  eyebrow: 'Agentic eCommerce for consumer brands',
  title: 'Be the brand AI recommends',
  lede:
    'Shoppers now ask ChatGPT, Gemini, Claude and Amazon Rufus what to buy. ' +
    `${PRODUCT_NAME} makes sure those answers name your products, on Amazon and across AI search, ` +
    'with a team that has run consumer brands from the inside.',
  primaryCta: { label: 'Get Your Free AI Search Audit', href: '/ai-search-audit' },
  secondaryCta: { label: 'Explore Our Services', href: '/services' },
};

export const credentials: Stat[] = [
  { value: '£1bn+', label: 'Amazon sales delivered' },
  { value: '£100m', label: 'Ad spend managed' },
  { value: '1m', label: 'LLM queries analysed' },
  { value: '24/7', label: 'Support for our clients' },
];

export const categoryChips: string[] = [
  'Health & Wellness',
  'Food & Drink',
  'Personal Care',
  'Household',
  'Pet & Baby',
  'Sports & Fitness',
];

export const benefits: TextCard[] = [
  {
    title: 'Seen where buying decisions start',
    text:
      'More product research now begins in a chat window than on a results page. We get your brand into ' +
      'the answers that shortlist products, not just the links beneath them.',
  },
  {
    title: 'Built by former brand-side leaders',
    text:
      'Our founders were executives at large consumer-goods companies. We plan around margin, ' +
      'range and retailer realities, not vanity metrics.',
  },
  {
    title: 'Measured, not guessed',
    text:
      'Every engagement starts with a baseline across the major models, so you can see exactly how often ' +
      'you are mentioned today and how that changes month by month.',
  },
  {
    title: 'Quick wins, then lasting authority',
    text:
      'Technical fixes typically show impact within 3-14 days. Authority building runs over 4-8 weeks ' +
      'and aims to secure 3-5 cornerstone citations the models return to.',
  },
  {
    title: 'Amazon and AI search in one plan',
    text:
      'Listings, retail media and AI visibility feed each other. One team joins them up so your ' +
      'spend and your content pull in the same direction.',
  },
];

export const homeServiceCards: ServiceOffer[] = [
  {
    id: 'ai-visibility-audit',
    title: 'AI Visibility Audit',
    summary:
      'Find out how ChatGPT, Claude, Gemini and Grok describe your brand today, where competitors ' +
      'win the recommendation and which gaps to close first.',
    points: [
      'Brand and category prompts tested across the leading models',
      'Share of voice against your closest competitors',
      'A prioritised list of fixes',
    ],
    cta: { label: 'Learn More', href: '/services' },
  },
  {
    id: 'optimise-to-the-models',
    title: 'Optimise to the Models',
    summary:
      'Rework your listings, site content and product data so language models understand what you sell, ' +
      'who it is for and why it should be recommended.',
    points: [
      'Listing and product page rewrites for AI readability',
      'Structured data and crawler access fixes',
      'Authority building on sources the models trust',
    ],
    cta: { label: 'Learn More', href: '/services' },
  },
  {
    id: 'activate-with-ads',
    title: 'Activate with Ads',
    summary:
      'Turn new visibility into sales with retail media on Amazon and beyond, managed against the ' +
      'queries and moments that matter most to your category.',
    points: [
      'Amazon Ads strategy and day-to-day management',
      'Campaigns aligned with the questions shoppers ask AI',
      'Clear reporting on return on ad spend',
    ],
    cta: { label: 'Learn More', href: '/services' },
  },
];

export const latestInsightsIntro: PageIntro = {
  eyebrow: 'From the blog',
  title: 'Latest Insights',
  lede:
    'Practical thinking on AI search, Amazon and retail media: what is changing, what it means for ' +
    'consumer brands and what to do about it.',
};
