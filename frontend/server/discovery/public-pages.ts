import { pageMeta, type StaticRoutePath } from '../../src/content/page-meta-copy';

/** The fixed public pages for the sitemap and llms.txt, grouped for llms.txt. */
export const PUBLIC_PAGES: { path: StaticRoutePath; name: string; group: 'Key pages' | 'Free tools' | 'Resources' | 'Optional' }[] = [
  { path: '/', name: 'Home', group: 'Key pages' },
  { path: '/services', name: 'Services', group: 'Key pages' },
  { path: '/about', name: 'About', group: 'Key pages' },
  { path: '/llm-visibility-framework', name: 'LLM Visibility Framework', group: 'Key pages' },
  { path: '/llm-visibility-framework-detailed', name: 'LLM Visibility Framework in detail', group: 'Key pages' },
  { path: '/faq', name: 'FAQ', group: 'Key pages' },
  { path: '/contact', name: 'Contact', group: 'Key pages' },
  { path: '/ai-search-audit', name: 'AI Search Audit', group: 'Free tools' },
  { path: '/query-fan-out', name: 'Semantic Expansion (query fan-out)', group: 'Free tools' },
  { path: '/ai-image-reader', name: 'AI Image Reader', group: 'Free tools' },
  { path: '/ai-crawler-log-analyzer', name: 'AI Crawler Log Analyzer', group: 'Free tools' },
  { path: '/amazon-rufus-radar', name: 'Amazon Rufus Radar', group: 'Free tools' },
  { path: '/blog', name: 'Blog', group: 'Resources' },
  { path: '/search-lab', name: 'LLM Search Lab', group: 'Resources' },
  { path: '/youtube-channel', name: 'Videos', group: 'Resources' },
  { path: '/privacy-tos', name: 'Privacy policy and terms', group: 'Optional' },
];

export function pageDescription(path: StaticRoutePath): string {
  return pageMeta[path]?.description ?? '';
}
