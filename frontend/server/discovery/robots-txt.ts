import { siteHref, type SiteConfig } from '../../src/config/site-config';

/** Search and AI-search crawlers named explicitly, so a reader sees they are welcome. */
const WELCOME_CRAWLERS = [
  'Googlebot',
  'Bingbot',
  'Applebot',
  'DuckDuckBot',
  'GPTBot',
  'OAI-SearchBot',
  'ChatGPT-User',
  'ClaudeBot',
  'Claude-SearchBot',
  'Claude-User',
  'PerplexityBot',
  'Perplexity-User',
  'Google-Extended',
  'Applebot-Extended',
];

// Prefixes: /api keeps out /api itself as well as everything under it. The search results page
// is not listed: crawlers must read it to see its noindex.
const RULES = ['Allow: /', 'Disallow: /admin', 'Disallow: /api'];

export function renderRobotsTxt(site: SiteConfig): string {
  return [
    `# ${site.brandName}: search engines and AI assistants are welcome to read and cite this site.`,
    '# The admin panel and the API are not for crawling.',
    '',
    ...WELCOME_CRAWLERS.map((agent) => `User-agent: ${agent}`),
    ...RULES,
    '',
    'User-agent: *',
    ...RULES,
    '',
    `Sitemap: ${siteHref(site, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
