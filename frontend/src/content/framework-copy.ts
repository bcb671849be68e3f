import { PRODUCT_NAME } from '@agency/shared';
import type { PageIntro, Pillar } from './site-copy-types';

export const frameworkIntro: PageIntro = {
  eyebrow: 'The LLM Visibility Framework',
  title: 'Seven pillars of visibility in AI search',
  lede:
    `The ${PRODUCT_NAME} framework is how we take a brand from invisible to recommended across ChatGPT, ` +
    'Claude, Gemini, Grok and Amazon Rufus. It starts with a measured baseline and ends with a brand the ' +
    'models describe the way you would.',
};

export const frameworkDetailedIntro: PageIntro = {
  eyebrow: 'The LLM Visibility Framework in detail',
  title: 'What happens in each pillar, and what you receive',
  lede:
    'Each pillar has a clear purpose, a defined set of activities and a concrete output. Technical fixes ' +
    'typically show impact within 3-14 days, authority building runs over 4-8 weeks, and most brands see ' +
    'lasting results within 3-6 months.',
};

export const pillars: Pillar[] = [
  {
    number: 1,
    title: 'Signal Architecture & Baseline Audit',
    description:
      'Measure how the models see your brand today and map every signal they use to form that view.',
    details: [
      'Run brand, product and category prompts across ChatGPT, Claude, Gemini and Grok',
      'Record mentions, position in the answer, sentiment and the sources cited',
      'Check AI crawler access, structured data, product feeds and site performance',
      'Benchmark your visibility against your closest competitors',
    ],
    output:
      'A baseline visibility report with a score per model, a competitor comparison and a ranked list of ' +
      'technical fixes, most of which show impact within 3-14 days.',
  },
  {
    number: 2,
    title: 'Language Model Alignment',
    description:
      'Rewrite what the models read so they understand exactly what you sell, who it is for and when to recommend it.',
    details: [
      'Map the full spread of related questions behind each core query',
      'Rewrite listings and product pages in clear, attribute-rich language',
      'Make product names, claims and facts consistent everywhere they appear',
      'Add question-and-answer content that mirrors how shoppers ask',
    ],
    output:
      'Aligned content for your priority products and pages, plus a reusable style guide for writing for ' +
      'language models.',
  },
  {
    number: 3,
    title: 'Contextual Authority',
    description:
      'Earn mentions on the trusted third-party sources the models draw on when they choose what to recommend.',
    details: [
      'Identify the publications, reviews and communities the models cite in your category',
      'Plan expert content and outreach that gives those sources a reason to mention you',
      'Run the authority-building programme over 4-8 weeks',
      'Track which citations feed through into model answers',
    ],
    output:
      'An authority map of your category and 3-5 cornerstone citations on sources the models rely on.',
  },
  {
    number: 4,
    title: 'Model Surface Monitoring',
    description:
      'Track your presence across every AI surface where shoppers ask, so changes are spotted as they happen.',
    details: [
      'Re-run your priority prompts on a regular schedule across each model',
      'Watch for shifts in mentions, sentiment and the sources cited',
      'Follow competitors so new threats are seen early',
      'Flag inaccurate or outdated statements about your brand',
    ],
    output:
      'A monthly visibility report showing mentions, share of voice and changes per model, with alerts for ' +
      'anything that needs action.',
  },
  {
    number: 5,
    title: 'Optimisation Loops',
    description:
      'Test, measure and refine in short cycles, keeping what moves the models and dropping what does not.',
    details: [
      'Form a hypothesis for each change and agree how it will be measured',
      'Ship changes to content, data and listings in small batches',
      'Compare model answers before and after each change',
      'Feed the lessons back into the content and authority plans',
    ],
    output:
      'An optimisation log recording every change, its measured effect and the next test in the queue.',
  },
  {
    number: 6,
    title: 'Visibility Leverage Points',
    description:
      'Find the queries, products and moments where a small push delivers the biggest gain in visibility and sales.',
    details: [
      'Score queries by commercial value and how winnable they are',
      'Spot products with strong reviews but weak AI visibility',
      'Use retail media to support priority queries while organic visibility builds',
      'Align Amazon listings with the questions Rufus is answering',
    ],
    output:
      'A prioritised leverage map that tells you where to focus content, authority and advertising budget next.',
  },
  {
    number: 7,
    title: 'AI-Native Brand Positioning',
    description:
      'Shape a brand story that the models repeat accurately, consistently and in your favour.',
    details: [
      'Define the few distinctive claims you want every model to associate with you',
      'Express them consistently across your site, listings, press and partners',
      'Test how each model summarises your brand and close the gaps',
      'Plan new launches so they are visible to AI search from day one',
    ],
    output:
      'An AI-native positioning playbook: your core claims, proof points and the language to use wherever ' +
      'models might read about you.',
  },
];
