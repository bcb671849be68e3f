import type { ToolCopy } from './site-copy-types';

export type ToolKey = 'aiSearchAudit' | 'semanticExpansion' | 'aiImageReader' | 'crawlerLogAnalyzer' | 'rufusRadar';

/** How long an audit takes, the one promise every page makes. */
export const AUDIT_DURATION = 'under a minute';

export const toolPages: Record<ToolKey, ToolCopy> = {
  aiSearchAudit: {
    path: '/ai-search-audit',
    name: 'AI Search Audit',
    description:
      'Free tool that asks ChatGPT, Claude, Gemini and Grok the same question and shows whether each one mentions your brand, with a visibility score.',
    intro: {
      eyebrow: 'Free tool',
      title: 'What does AI say about your brand?',
      lede:
        'Ask one question and see how ChatGPT, Claude, Gemini and Grok answer it with web search, as shoppers ' +
        'see them: side by side, with the sources each one cites. Add your brand name and we will show which ' +
        'models mention you and how visible you are.',
    },
    steps: [
      'Enter the question a shopper might ask, such as "best protein powder for runners".',
      'Add your brand name to check whether the models mention you, and up to five competitors to compare with (both optional).',
      'Enter your email address and run the analysis.',
      'Compare the four answers, the sources they cite and your visibility score.',
    ],
  },
  semanticExpansion: {
    path: '/query-fan-out',
    name: 'Semantic Expansion',
    description:
      'Free query fan-out tool that generates the related questions AI assistants explore for a keyword and checks which of them your website covers.',
    intro: {
      eyebrow: 'Free tool',
      title: 'See the questions behind your keyword',
      lede:
        'AI assistants do not answer a single keyword. They fan out into a set of related questions. Semantic ' +
        'Expansion shows you those questions and checks which ones your website already answers.',
    },
    steps: [
      'Enter a keyword that matters to your category.',
      'Add your website address and your email.',
      'Review the related queries an AI assistant is likely to explore, weighted by how often the model comes back to them.',
      'See which queries your site covers, the page that covers each one and the suggestions for the gaps; export it all as CSV.',
    ],
  },
  aiImageReader: {
    path: '/ai-image-reader',
    name: 'AI Image Reader',
    description:
      'Free tool that shows what four AI vision models see in your product or packaging image, with their top three findings each.',
    intro: {
      eyebrow: 'Free tool',
      title: 'See your product images through AI eyes',
      lede:
        'AI shopping assistants read images as well as text. Upload a product shot, pack or listing image and ' +
        'see what four leading vision models pick out from it.',
    },
    steps: [
      'Upload a JPG, PNG or GIF image smaller than 10MB.',
      'Enter your email address.',
      'Run the analysis across four vision models.',
      'Compare what each model says the product is, the label text it reads and its top three findings, and check the Amazon main-image rules.',
    ],
  },
  crawlerLogAnalyzer: {
    path: '/ai-crawler-log-analyzer',
    name: 'AI Crawler Log Analyzer',
    description:
      'Free tool that reads your server access log and shows which AI crawlers visit your site, what they read, which hits are impostors and what your robots.txt tells each one.',
    intro: {
      eyebrow: 'Free tool',
      title: 'Which AI crawlers read your site?',
      lede:
        'GPTBot, ClaudeBot, PerplexityBot and a dozen others decide what AI assistants know about you. Upload an ' +
        'access log and see which of them visit, what they read, what they never read, and which visitors only pretend to be them.',
    },
    steps: [
      'Download an access log from your server, host or CDN: combined log format, JSON lines or CSV, plain or gzip, up to 50 MB.',
      'Upload it with your email address, and your site if you want to see its robots.txt rules for each crawler.',
      'See each AI crawler’s requests, pages, status codes and daily visits, checked against the addresses its operator publishes.',
      'Compare the pages AI crawlers read most with the pages they never read, and download the report as CSV.',
    ],
  },
  rufusRadar: {
    path: '/amazon-rufus-radar',
    name: 'Amazon Rufus Radar',
    description:
      'Free tool for analysing screenshots of Amazon Rufus questions and product pages to see how the shopping assistant presents your products.',
    intro: {
      eyebrow: 'Free tool',
      title: 'Amazon Rufus Radar',
      lede:
        'Rufus, the AI shopping assistant on Amazon, shapes which products shoppers consider. Analyse screenshots ' +
        'of Rufus questions and product pages to understand how it presents your products and your competitors.',
    },
    steps: [
      'Take a screenshot of a Rufus conversation or an Amazon product page.',
      'Add the screenshot to the tool below.',
      'Review the analysis of questions, answers and product signals.',
    ],
  },
};

export const marketingEmailNotice =
  'By submitting your email, you agree to receive occasional marketing emails from us and can unsubscribe at any time.';
