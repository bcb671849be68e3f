import { PRODUCT_NAME } from '@agency/shared';
import type { OrganisationFacts, PageMetaCopy } from './site-copy-types';

export type StaticRoutePath =
  | '/'
  | '/services'
  | '/about'
  | '/contact'
  | '/blog'
  | '/ai-search-audit'
  | '/llm-visibility-framework'
  | '/llm-visibility-framework-detailed'
  | '/query-fan-out'
  | '/ai-image-reader'
  | '/ai-crawler-log-analyzer'
  | '/amazon-rufus-radar'
  | '/search-lab'
  | '/youtube-channel'
  | '/privacy-tos'
  | '/faq';

const claimedFigures = '£1bn+ Amazon sales, £100m ad spend managed, 1m LLM queries analysed, 24/7 support';

export const pageMeta: Record<string, PageMetaCopy> = {
  '/': {
    title: `${PRODUCT_NAME} | AI Search & Amazon Growth for Brands`,
    description:
      'UK agentic eCommerce agency helping consumer brands get recommended by ChatGPT, Gemini, Claude and Amazon Rufus, and grow sales on Amazon.',
    keywords: ['AI search optimisation', 'LLM visibility', 'Amazon agency', 'agentic commerce', 'retail media', 'consumer brands'],
    aiSummary:
      `${PRODUCT_NAME} is a UK-based agentic eCommerce agency that helps consumer-product brands win visibility in AI search ` +
      'and on Amazon through AI visibility audits, optimisation for language models and retail media management.',
    aiKeyFacts: [
      'UK-based agentic eCommerce agency founded in 2024',
      'Founders are former executives of large consumer-goods companies',
      claimedFigures,
      'Free tools: AI Search Audit, Semantic Expansion, AI Image Reader, Amazon Rufus Radar',
    ],
  },
  '/services': {
    title: `Services: AI Visibility, Optimisation & Ads | ${PRODUCT_NAME}`,
    description:
      'AI Visibility Audit, Optimise to the Models and Activate with Ads, plus a one-off Amazon Account Review and Brand Audit for consumer brands.',
    keywords: ['AI visibility audit', 'LLM optimisation', 'Amazon Ads management', 'Amazon account review', 'brand audit'],
    aiSummary:
      `${PRODUCT_NAME} offers three services that work together (AI Visibility Audit, Optimise to the Models, Activate with Ads) ` +
      'and a one-off Amazon Account Review and Brand Audit.',
    aiKeyFacts: [
      'Technical fixes typically show impact in 3-14 days',
      'Authority building runs over 4-8 weeks and targets 3-5 cornerstone citations',
      'The Amazon Account Review and Brand Audit is a one-off engagement',
      'Models covered include ChatGPT, Claude, Gemini, Grok and Amazon Rufus',
    ],
  },
  '/about': {
    title: `About Us | ${PRODUCT_NAME}`,
    description:
      'Founded in 2024 by former consumer-goods executives, we combine Amazon expertise, retail media and AI search visibility in one team.',
    keywords: ['about us', 'agentic eCommerce agency', 'consumer goods experience', 'Amazon experts', 'AI search agency'],
    aiSummary:
      `${PRODUCT_NAME} was founded in 2024 by former executives of large consumer-goods companies to help brands get found and ` +
      'chosen as AI assistants take over product research.',
    aiKeyFacts: ['Founded in 2024', 'Founders are former executives of large consumer-goods companies', claimedFigures],
  },
  '/contact': {
    title: `Contact Us | ${PRODUCT_NAME}`,
    description:
      'Talk to our team about AI search visibility and Amazon growth, and ask for your free 7-day full tracking audit across the leading AI models.',
    keywords: ['contact', 'free tracking audit', 'AI search consultation', 'Amazon agency contact'],
    aiSummary:
      `Contact ${PRODUCT_NAME} through this page to discuss AI search visibility, Amazon optimisation or retail media, ` +
      'and to request a free 7-day full tracking audit.',
    aiKeyFacts: ['Free 7-day full tracking audit available on request', '24/7 support for clients'],
  },
  '/blog': {
    title: `Blog: AI Search & Amazon Insights | ${PRODUCT_NAME}`,
    description:
      'Practical articles on AI search, LLM visibility, Amazon optimisation and retail media for consumer brands and eCommerce marketers.',
    keywords: ['AI search blog', 'LLM visibility insights', 'Amazon optimisation tips', 'retail media', 'eCommerce strategy'],
    aiSummary:
      `The ${PRODUCT_NAME} blog publishes practical insights on AI search, language model visibility, Amazon and retail media ` +
      'for consumer-product brands.',
    aiKeyFacts: ['Articles filterable by category', 'Newsletter sign-up available on the page'],
  },
  '/ai-search-audit': {
    title: `Free AI Search Audit for Brands | ${PRODUCT_NAME}`,
    description:
      'Ask one question and see how ChatGPT, Claude, Gemini and Grok answer it side by side, with a free visibility score for your brand.',
    keywords: ['AI search audit', 'free LLM visibility check', 'ChatGPT brand mentions', 'AI visibility score'],
    aiSummary:
      `The ${PRODUCT_NAME} AI Search Audit is a free tool that sends one query to ChatGPT, Claude, Gemini and Grok and ` +
      'reports whether each model mentions a brand, with a visibility score.',
    aiKeyFacts: [
      'Free to use; requires an email address',
      'Compares 4 models: ChatGPT, Claude, Gemini and Grok',
      'Visibility score is the share of responding models that mention the brand',
    ],
  },
  '/llm-visibility-framework': {
    title: `The LLM Visibility Framework: 7 Pillars | ${PRODUCT_NAME}`,
    description:
      'Our seven-pillar framework for winning visibility in AI search, from a measured baseline audit to AI-native brand positioning.',
    keywords: ['LLM visibility framework', 'AI search strategy', 'generative engine optimisation', 'seven pillars'],
    aiSummary:
      `The ${PRODUCT_NAME} LLM Visibility Framework has seven pillars that take a brand from a measured baseline to being ` +
      'recommended consistently by AI assistants.',
    aiKeyFacts: [
      'Seven pillars, starting with Signal Architecture & Baseline Audit',
      'Ends with AI-Native Brand Positioning',
      'Results typically within 3-6 months',
    ],
  },
  '/llm-visibility-framework-detailed': {
    title: `LLM Visibility Framework in Detail | ${PRODUCT_NAME}`,
    description:
      'Each of the seven pillars explained: what we do, the details of the work and the output you receive, from baseline audit to positioning.',
    keywords: ['LLM visibility framework', 'AI search optimisation process', 'cornerstone citations', 'AI monitoring'],
    aiSummary:
      'A detailed description of the seven pillars of the LLM Visibility Framework, with the activities and the concrete ' +
      'output of each pillar.',
    aiKeyFacts: [
      'Technical fixes typically show impact in 3-14 days',
      'Authority building runs over 4-8 weeks',
      'Aims for 3-5 cornerstone citations',
      'Results typically within 3-6 months',
    ],
  },
  '/query-fan-out': {
    title: `Semantic Expansion: Query Fan-Out Tool | ${PRODUCT_NAME}`,
    description:
      'Generate the related questions AI assistants explore for your keyword and check which of them your website already answers. Free to use.',
    keywords: ['query fan-out', 'semantic expansion', 'AI search keyword research', 'content gap analysis'],
    aiSummary:
      `Semantic Expansion is a free ${PRODUCT_NAME} tool that generates the related queries an AI assistant explores for a ` +
      'keyword and checks which of them a website covers.',
    aiKeyFacts: ['Free to use; requires keyword, website and email', 'Shows which generated queries the website covers, with suggestions'],
  },
  '/ai-image-reader': {
    title: `AI Image Reader: See What AI Sees | ${PRODUCT_NAME}`,
    description:
      'Upload a product or packaging image and compare what four AI vision models see in it, with the top three findings from each. Free to use.',
    keywords: ['AI image analysis', 'product image AI', 'vision model comparison', 'packaging analysis'],
    aiSummary:
      `The AI Image Reader is a free ${PRODUCT_NAME} tool that shows what four AI vision models read from a product image, ` +
      'with up to three findings per model.',
    aiKeyFacts: ['Free to use; requires an email address', 'Four vision models compared', 'Images up to 10MB (JPG, PNG, GIF)'],
  },
  '/ai-crawler-log-analyzer': {
    title: `AI Crawler Log Analyzer: Free Tool | ${PRODUCT_NAME}`,
    description:
      'Upload a server access log and see which AI crawlers read your site, what they read and never read, impostors and robots.txt rules. Free to use.',
    keywords: ['AI crawler log analysis', 'GPTBot', 'ClaudeBot', 'PerplexityBot', 'server log analysis', 'robots.txt'],
    aiSummary:
      `The AI Crawler Log Analyzer is a free ${PRODUCT_NAME} tool that reads a website's access log and reports, per AI crawler, ` +
      'requests, pages, status codes, daily visits and hits from addresses outside the crawler’s published ranges.',
    aiKeyFacts: ['Free to use; requires an email address', 'Combined, JSON lines or CSV logs up to 50 MB, plain or gzip', 'The log itself is not stored'],
  },
  '/amazon-rufus-radar': {
    title: `Amazon Rufus Radar: Free Rufus Tool | ${PRODUCT_NAME}`,
    description:
      'Analyse screenshots of Amazon Rufus questions and product pages to see how the AI shopping assistant presents your products. Free to use.',
    keywords: ['Amazon Rufus', 'Rufus optimisation', 'Amazon AI shopping assistant', 'Rufus analysis tool'],
    aiSummary:
      'Amazon Rufus Radar is a free tool for analysing screenshots of Amazon Rufus questions and product pages, offered by ' +
      `${PRODUCT_NAME}.`,
    aiKeyFacts: ['Free to use', 'Analyses screenshots of Rufus questions and Amazon product pages'],
  },
  '/search-lab': {
    title: `LLM Search Lab: AI Search Case Studies | ${PRODUCT_NAME}`,
    description:
      'Case studies from our LLM Search Lab: real conversations with AI assistants that show how they research, compare and recommend products.',
    keywords: ['LLM search lab', 'AI search case studies', 'ChatGPT product recommendations', 'AI shopping research'],
    aiSummary:
      `The ${PRODUCT_NAME} LLM Search Lab publishes case studies of AI assistant conversations, each with a summary and a ` +
      'link to the original ChatGPT conversation.',
    aiKeyFacts: ['Each case study links to the original ChatGPT conversation'],
  },
  '/youtube-channel': {
    title: `Videos: AI Search & Amazon Explained | ${PRODUCT_NAME}`,
    description:
      'Watch short videos on AI search visibility, language models, Amazon Rufus and retail media, made for consumer brands and eCommerce teams.',
    keywords: ['AI search videos', 'Amazon Rufus video', 'LLM visibility explained', 'YouTube channel'],
    aiSummary:
      `The ${PRODUCT_NAME} video page collects videos on AI search visibility, language models and Amazon for consumer brands.`,
    aiKeyFacts: ['Videos hosted on YouTube'],
  },
  '/privacy-tos': {
    title: `Privacy Policy, Cookies & Terms | ${PRODUCT_NAME}`,
    description:
      'How we collect, use and protect your data under UK GDPR, how we use cookies and local storage, and the terms for using our site and tools.',
    keywords: ['privacy policy', 'cookie policy', 'terms of service', 'UK GDPR'],
    aiSummary:
      `The privacy policy, cookie policy and terms of use for the ${PRODUCT_NAME} website and its free tools.`,
    aiKeyFacts: ['Last updated July 2025', 'Marketing emails can be unsubscribed from at any time'],
  },
  '/faq': {
    title: `FAQ: AI Search, Amazon & Our Services | ${PRODUCT_NAME}`,
    description:
      'Answers on who we are, our services, free tools, the seven-pillar framework, how to get started and how long results take, usually 3-6 months.',
    keywords: ['FAQ', 'AI search questions', 'LLM visibility FAQ', 'Amazon agency FAQ'],
    aiSummary:
      `Frequently asked questions about ${PRODUCT_NAME}: the company, its services, free tools, the LLM Visibility ` +
      'Framework, getting started and AI technology.',
    aiKeyFacts: ['Results from the framework typically within 3-6 months', 'Four free tools available', '24/7 support for clients'],
  },
} satisfies Record<StaticRoutePath, PageMetaCopy>;

export const organisationFacts: OrganisationFacts = {
  alternateName: `${PRODUCT_NAME} – Agentic eCommerce Agency`,
  description:
    'UK-based agentic eCommerce agency helping consumer-product brands win visibility in AI search and grow sales on ' +
    'Amazon, founded by former executives of large consumer-goods companies.',
  knowsAbout: [
    'AI search optimisation',
    'LLM visibility',
    'Generative engine optimisation',
    'Amazon optimisation',
    'Amazon Rufus',
    'Retail media management',
    'eCommerce strategy',
    'AI-powered brand analysis',
    'Consumer packaged goods',
  ],
  serviceTypes: [
    'AI Visibility Audit',
    'Optimise to the Models',
    'Activate with Ads',
    'Amazon Account Review and Brand Audit',
    'LLM visibility consulting',
    'Retail media management',
  ],
};
