import { PRODUCT_NAME } from '@agency/shared';
import type { CallToAction, PageIntro, ServiceOffer } from './site-copy-types';
import { AUDIT_DURATION } from './tools-copy';

export const servicesIntro: PageIntro = {
  eyebrow: 'Our Services',
  title: 'Win the recommendation, then win the sale',
  lede:
    'Three services that work together: measure how AI search sees your brand, optimise what the models ' +
    'read, and activate the demand with advertising. Each can run on its own or as one programme.',
};

export const serviceOffers: ServiceOffer[] = [
  {
    id: 'ai-visibility-audit',
    title: 'AI Visibility Audit',
    summary:
      'A clear picture of how AI assistants talk about your brand and category today. We run the prompts ' +
      'your shoppers actually use through ChatGPT, Claude, Gemini and Grok, record who gets recommended and ' +
      'why, and turn the findings into a ranked plan of action.',
    points: [
      'Brand, product and category prompts tested across four leading models',
      'Share of voice and sentiment compared with your closest competitors',
      'Review of the sources the models cite when they answer',
      'Technical checks: AI crawler access, structured data and product feeds',
      'A prioritised action plan with quick wins marked out',
    ],
    cta: { label: 'Book Your Audit', href: '/contact' },
  },
  {
    id: 'optimise-to-the-models',
    title: 'Optimise to the Models',
    summary:
      'We make your brand easy for language models to understand, trust and recommend. That means fixing ' +
      'the technical signals first, then rewriting content around the questions shoppers ask, then building ' +
      'authority on the third-party sources the models rely on.',
    points: [
      'Technical fixes that typically show impact within 3-14 days',
      'Amazon listings and product pages rewritten for AI readability and conversion',
      'Content built around the full spread of related queries, not a single keyword',
      'Authority building over 4-8 weeks, aiming for 3-5 cornerstone citations',
      'Monthly tracking of mentions across the models we optimise for',
    ],
    cta: { label: 'Start Optimising', href: '/contact' },
  },
  {
    id: 'activate-with-ads',
    title: 'Activate with Ads',
    summary:
      'Visibility is only worth something when it turns into sales. We plan and run retail media on Amazon ' +
      'and other marketplaces, using what we learn from AI search to target the moments when shoppers are ' +
      'ready to choose.',
    points: [
      'Amazon Ads strategy, set-up and day-to-day management',
      'Keyword and audience targeting informed by AI search research',
      'Budget allocation across sponsored products, brands and display',
      'Transparent reporting on sales, return on ad spend and new-to-brand customers',
    ],
    cta: { label: 'Talk to Our Team', href: '/contact' },
  },
];

export const auditOffer: ServiceOffer = {
  id: 'amazon-account-review',
  title: 'Amazon Account Review and Brand Audit',
  summary:
    'A one-off, in-depth review of your Amazon account and brand presence by people who have managed large ' +
    'consumer brands on the platform. You get an honest assessment and a practical plan, with no ongoing ' +
    'commitment.',
  points: [
    'Account health, catalogue structure and listing quality',
    'Advertising performance and wasted spend',
    'Brand content, imagery and how Amazon Rufus answers questions about your products',
    'Competitor benchmarking in your category',
    'A written report with prioritised recommendations',
  ],
  cta: { label: 'Request Your Audit', href: '/contact' },
};

export const servicesClosing: PageIntro & { primaryCta: CallToAction; secondaryCta: CallToAction } = {
  title: 'Ready to see where you stand?',
  lede:
    `Tell us about your brand and ${PRODUCT_NAME} will come back with a view of your AI search and Amazon ` +
    `opportunity. Or run our free AI Search Audit now and see what the models say about you in ${AUDIT_DURATION}.`,
  primaryCta: { label: 'Get In Touch', href: '/contact' },
  secondaryCta: { label: 'Try the Free AI Search Audit', href: '/ai-search-audit' },
};
