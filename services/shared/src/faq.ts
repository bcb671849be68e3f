import { PRODUCT_NAME } from './limits.js';

/**
 * The FAQ: fixed copy shown on the site's /faq page and searched by the content service's site
 * search (docs/search.md), so both read it from here.
 */

export interface FaqItem {
  question: string;
  /** Plain text; blank lines separate paragraphs. */
  answer: string;
  /** The answer in demo mode, where it would be untrue there (where the tools' answers come from). */
  demoModeAnswer?: string;
}

export interface FaqGroup {
  id: string;
  title: string;
  /** Empty for groups that exist but have no questions yet; the page leaves those out. */
  items: FaqItem[];
}

export const faqGroups: FaqGroup[] = [
  {
    id: 'about',
    title: 'About',
    items: [
      {
        question: `What is ${PRODUCT_NAME}?`,
        answer:
          `${PRODUCT_NAME} is a UK-based agentic eCommerce agency. We help consumer-product and eCommerce brands ` +
          'grow on Amazon and win visibility in AI search, including ChatGPT, Claude, Gemini, Grok and Amazon Rufus. ' +
          'Our work covers AI visibility audits, optimisation for language models, retail media and Amazon account reviews.',
      },
      {
        question: `What does the name ${PRODUCT_NAME} stand for?`,
        answer:
          '"Agentic" refers to agentic commerce: AI assistants and shopping agents that research, compare and ' +
          'increasingly buy on a shopper\'s behalf. Our name reflects the two sides of our work. We help brands ' +
          'get chosen by those agents, and we use AI agents and our own tools to do that work faster and at scale.',
      },
      {
        question: `Who leads ${PRODUCT_NAME}?`,
        answer:
          'The agency was founded in 2024 by former executives of large consumer-goods companies. Between them ' +
          'they have driven over £1bn in Amazon sales and managed £100m in advertising spend. That brand-side ' +
          'experience shapes how we plan: around margins, ranges and retailer relationships, not just traffic.',
      },
      {
        question: `What makes ${PRODUCT_NAME} different?`,
        answer:
          'We combine Amazon expertise, retail media and language model visibility in one team, so your listings, ' +
          'content and ad spend all work towards the same goal. We measure before we act: every programme starts ' +
          'with a baseline across the major models, and we have analysed 1m LLM queries to learn what drives ' +
          'recommendations. And because our founders ran consumer brands, we judge success by sales, not vanity metrics.',
      },
    ],
  },
  {
    id: 'services',
    title: 'Our Services',
    items: [
      {
        question: 'What services do you offer?',
        answer:
          'We offer four services. The AI Visibility Audit shows how AI assistants describe your brand today. ' +
          'Optimise to the Models improves what the models read and trust, and Activate with Ads turns that ' +
          'visibility into sales through retail media. The Amazon Account Review and Brand Audit is a one-off, ' +
          'in-depth review of your Amazon presence.',
      },
      {
        question: 'How do you improve a brand\'s visibility in language models?',
        answer:
          'We start by measuring how often and how favourably the models mention you for the questions your ' +
          'shoppers ask. We then fix technical signals such as crawler access and structured data, rewrite ' +
          'listings and product pages in language the models understand, and build authority on the third-party ' +
          'sources they cite. Technical fixes typically show impact within 3-14 days; authority building runs ' +
          'over 4-8 weeks and aims for 3-5 cornerstone citations.',
      },
      {
        question: 'Do you offer one-off audits?',
        answer:
          'Yes. The Amazon Account Review and Brand Audit is a one-off engagement with no ongoing commitment, ' +
          'covering account health, listings, advertising and brand content. We also offer a free 7-day full ' +
          'tracking audit, which you can request through our contact page.',
      },
      {
        question: 'Can you optimise our existing content?',
        answer:
          'Yes, and it is often the quickest win. We review your Amazon listings, product pages and brand content, ' +
          'then rewrite them to be clear, consistent and rich in the attributes shoppers and models look for. ' +
          'The aim is content that converts people and is easy for language models to quote accurately.',
      },
    ],
  },
  {
    id: 'tools-and-framework',
    title: 'Tools and Framework',
    items: [
      {
        question: 'What is the AI Search Audit?',
        answer:
          'The AI Search Audit is a free tool that sends your query to ChatGPT, Claude, Gemini and Grok at the ' +
          'same time, each with web search on as shoppers use them, and shows you each answer side by side with ' +
          'the sources it cites. If you add your brand name, it tells you which ' +
          'models mentioned you and gives you a visibility score. It is a quick way to see where you stand before ' +
          'committing to anything.',
      },
      {
        question: 'What is Semantic Expansion?',
        answer:
          'Semantic Expansion, also known as query fan-out, takes a keyword and generates the related questions ' +
          'an AI assistant is likely to explore when answering it. It then checks your website to show which of ' +
          'those questions your content already covers and suggests what to add. It is free to use with an email address.',
      },
      {
        question: 'What is the seven-step LLM Visibility Framework?',
        answer:
          'It is our method for making a brand visible and recommended in AI search. The seven pillars are Signal ' +
          'Architecture & Baseline Audit, Language Model Alignment, Contextual Authority, Model Surface Monitoring, ' +
          'Optimisation Loops, Visibility Leverage Points and AI-Native Brand Positioning. Each pillar has defined ' +
          'activities and a concrete output, so you always know what you are getting.',
      },
      {
        question: 'Will the results last?',
        answer:
          'The framework is designed for lasting visibility, not short-term tricks. Authority on trusted sources ' +
          'and consistent, accurate content keep working after they are in place. Models and competitors keep ' +
          'changing, though, which is why ongoing monitoring and optimisation loops are part of the framework.',
      },
    ],
  },
  {
    id: 'getting-started',
    title: 'Getting Started',
    items: [
      {
        question: 'How do I get started?',
        answer:
          'The simplest first step is our free AI Search Audit, which shows what the models say about you today. ' +
          'When you are ready to talk, get in touch through the contact page and ask for a free 7-day full ' +
          'tracking audit. We will review the findings with you and recommend where to begin.',
      },
      {
        question: 'Do you work with brands of every size?',
        answer:
          'Yes. We work with fast-growing challenger brands as well as established names, across health and ' +
          'wellness, food and drink, personal care, household, pet and baby, and sports and fitness. We scope each ' +
          'programme to your goals and budget.',
      },
      {
        question: 'How long does it take to see results?',
        answer:
          'Most brands see meaningful results from the framework within 3-6 months. Some changes move faster: ' +
          'technical fixes typically show impact within 3-14 days, and authority building runs over 4-8 weeks. ' +
          'We report progress against your baseline throughout.',
      },
      {
        question: 'Which tools can I use for free?',
        answer:
          'Four: the AI Search Audit, Semantic Expansion, the AI Image Reader and Amazon Rufus Radar. Each is free ' +
          'to use; the tools that ask for an email address also sign you up for occasional marketing emails, and ' +
          'you can unsubscribe at any time.',
      },
      {
        question: 'Do you provide support and training?',
        answer:
          'Yes. Our clients have 24/7 support, and we run training sessions so your in-house team understands how ' +
          'AI search works and can keep content aligned with the models. We share our findings openly so the ' +
          'knowledge stays with you.',
      },
    ],
  },
  {
    id: 'ai-and-technology',
    title: 'AI and Technology',
    items: [
      {
        question: 'How accurate are the AI model results?',
        answer:
          'The answers come directly from the models at the moment you ask, so they reflect what a shopper would ' +
          'see at that time. Model answers can vary with wording, timing and updates, so a single run is a ' +
          'snapshot rather than a verdict. In client work we repeat prompts over time and across models to measure ' +
          'trends reliably.',
        demoModeAnswer:
          'On this demonstration site the answers do not come from the models: no AI model or web search is ' +
          'asked, and a simulator writes every answer, brand list, source and score the tools show, so none of them ' +
          'is a measurement. On the live site the answers come directly from the models at the moment you ask. ' +
          'Model answers vary with wording, timing and updates, which is why the audit asks each model several ' +
          'times and shows how often, and where, each one names your brand.',
      },
      {
        question: 'Which AI models should my brand focus on?',
        answer:
          'It depends on where your customers shop and research. For most consumer brands we track ChatGPT, ' +
          'Claude, Gemini and Grok, plus Amazon Rufus for shoppers already on Amazon. The baseline audit shows ' +
          'which of them matter most in your category and where the biggest gaps are.',
      },
    ],
  },
  { id: 'search-lab', title: 'Search Lab', items: [] },
  { id: 'youtube', title: 'YouTube', items: [] },
  { id: 'blog', title: 'Blog', items: [] },
];
