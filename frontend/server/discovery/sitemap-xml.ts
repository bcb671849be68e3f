import { siteHref, type SiteConfig } from '../../src/config/site-config';
import type { DiscoveryContent } from './discovery-content';
import { PUBLIC_PAGES } from './public-pages';
import { xmlEscape } from './xml-escape';

function latest(dates: string[], fallback: string): string {
  const times = dates.map((date) => Date.parse(date)).filter((time) => !Number.isNaN(time));
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : fallback;
}

/** Every public page plus every published post and case study, each with its last change. */
export function renderSitemapXml(site: SiteConfig, content: DiscoveryContent, builtAt: string): string {
  const postsChanged = latest(content.posts.map((post) => post.updatedAt), builtAt);
  const caseStudiesChanged = latest(content.caseStudies.map((entry) => entry.updatedAt), builtAt);
  const pageLastmod = (path: string): string =>
    path === '/blog' ? postsChanged : path === '/search-lab' ? caseStudiesChanged : path === '/' ? latest([builtAt, postsChanged], builtAt) : builtAt;

  const urls = [
    ...PUBLIC_PAGES.map((page) => ({ loc: siteHref(site, page.path), lastmod: pageLastmod(page.path) })),
    ...content.posts.map((post) => ({ loc: siteHref(site, `/blog/${post.slug}`), lastmod: post.updatedAt })),
    ...content.caseStudies.map((entry) => ({ loc: siteHref(site, `/search-lab/${entry.slug}`), lastmod: entry.updatedAt })),
  ];
  const body = urls.map(({ loc, lastmod }) => `  <url>\n    <loc>${xmlEscape(loc)}</loc>\n    <lastmod>${xmlEscape(lastmod)}</lastmod>\n  </url>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
