/** The site search (`GET /api/search?q=`): what it answers and its limits (docs/search.md). */

export type SiteSearchKind = 'post' | 'case-study' | 'video' | 'faq' | 'page';

/** A run of snippet text; `match` runs are the words the query found. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SiteSearchResult {
  kind: SiteSearchKind;
  title: string;
  /** The site path of the result's page (an anchor for a FAQ group). */
  path: string;
  /** Text around the best matches, matches marked. */
  snippet: SnippetPart[];
}

export interface SiteSearchAnswer {
  query: string;
  /** Present when the query as typed found nothing and one with a typo corrected did: the query searched instead. */
  correctedQuery?: string;
  results: SiteSearchResult[];
}

/** A page of the site the search lists by name: the free tools and the key pages. */
export interface SearchablePage {
  path: string;
  title: string;
  summary: string;
  /** Other words people search for it by. */
  keywords: string[];
}

export const SEARCHABLE_PAGES: readonly SearchablePage[] = [
  {
    path: '/ai-search-audit',
    title: 'AI Search Audit',
    summary: 'Free tool: ask ChatGPT, Claude, Gemini and Grok the same question and see whether each one mentions your brand, with a visibility score.',
    keywords: ['AI visibility audit', 'LLM visibility check', 'brand mentions', 'free tool'],
  },
  {
    path: '/query-fan-out',
    title: 'Semantic Expansion',
    summary: 'Free query fan-out tool: generate the related questions AI assistants explore for a keyword and check which of them your website covers.',
    keywords: ['query fan-out', 'keyword research', 'content gaps', 'free tool'],
  },
  {
    path: '/ai-image-reader',
    title: 'AI Image Reader',
    summary: 'Free tool: see what four AI vision models read in your product or packaging image, with their top three findings each and suggested alt text.',
    keywords: ['image analysis', 'vision models', 'packaging', 'alt text', 'free tool'],
  },
  {
    path: '/ai-crawler-log-analyzer',
    title: 'AI Crawler Log Analyzer',
    summary: 'Free tool: upload a server access log and see which AI crawlers (GPTBot, ClaudeBot, PerplexityBot and more) read your site, what they read and which hits are impostors.',
    keywords: ['AI crawlers', 'GPTBot', 'server logs', 'robots.txt', 'free tool'],
  },
  {
    path: '/amazon-rufus-radar',
    title: 'Amazon Rufus Radar',
    summary: 'Free tool: analyse screenshots of Amazon Rufus questions and product pages to see how the shopping assistant presents your products.',
    keywords: ['Amazon Rufus', 'Rufus optimisation', 'AI shopping assistant', 'free tool'],
  },
  {
    path: '/llm-visibility-framework',
    title: 'The LLM Visibility Framework',
    summary: 'Our seven-pillar framework for winning visibility in AI search, from a measured baseline audit to AI-native brand positioning.',
    keywords: ['seven pillars', 'AI search strategy', 'generative engine optimisation'],
  },
  {
    path: '/services',
    title: 'Services',
    summary: 'AI Visibility Audit, Optimise to the Models and Activate with Ads, plus a one-off Amazon Account Review and Brand Audit.',
    keywords: ['Amazon Ads', 'retail media', 'LLM optimisation', 'brand audit'],
  },
  {
    path: '/about',
    title: 'About Us',
    summary: 'Founded in 2024 by former consumer-goods executives: Amazon expertise, retail media and AI search visibility in one team.',
    keywords: ['team', 'agency', 'who we are'],
  },
  {
    path: '/contact',
    title: 'Contact Us',
    summary: 'Talk to our team about AI search visibility and Amazon growth, and ask for a free 7-day full tracking audit.',
    keywords: ['contact', 'get in touch', 'email', 'consultation'],
  },
  {
    path: '/faq',
    title: 'Frequently Asked Questions',
    summary: 'Answers on who we are, our services, the free tools, the framework, getting started and how long results take.',
    keywords: ['FAQ', 'questions', 'answers', 'help'],
  },
  {
    path: '/blog',
    title: 'Blog',
    summary: 'Practical articles on AI search, LLM visibility, Amazon optimisation and retail media for consumer brands.',
    keywords: ['articles', 'insights', 'newsletter'],
  },
  {
    path: '/search-lab',
    title: 'LLM Search Lab',
    summary: 'Case studies: real conversations with AI assistants that show how they research, compare and recommend products.',
    keywords: ['case studies', 'ChatGPT conversations'],
  },
  {
    path: '/youtube-channel',
    title: 'Videos',
    summary: 'Short videos on AI search visibility, language models, Amazon Rufus and retail media.',
    keywords: ['YouTube', 'video channel'],
  },
  {
    path: '/privacy-tos',
    title: 'Privacy Policy, Cookies & Terms',
    summary: 'How we collect, use and protect your data under UK GDPR, how we use cookies, and the terms for using the site and its tools.',
    keywords: ['privacy', 'cookies', 'terms of service', 'GDPR', 'data protection'],
  },
];

export const SITE_SEARCH_LIMITS = {
  /** Characters of the query, after trimming. */
  maxQueryLength: 200,
  /** Results in one answer, best first. */
  maxResults: 20,
} as const;

export const SITE_SEARCH_MESSAGES = {
  emptyQuery: 'Enter a word or phrase to search for.',
  queryTooLong: `Searches can be up to ${SITE_SEARCH_LIMITS.maxQueryLength} characters.`,
} as const;
