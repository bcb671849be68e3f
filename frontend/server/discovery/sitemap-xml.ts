import { siteHref, type SiteConfig } from '../../src/config/site-config';
import type { DiscoveryContent } from './discovery-content';
import { PUBLIC_PAGES } from './public-pages';
import { xmlEscape } from './xml-escape';

function latest(dates: string[]): string | undefined {
  const times = dates.map((date) => Date.parse(date)).filter((time) => !Number.isNaN(time));
  return times.length > 0 ? new Date(Math.max(...times)).toISOString() : undefined;
}

/**
 * Every public page plus every published post and case study. lastmod comes from content only:
 * an item's own last change; for the list pages (and the home page, which shows the latest posts)
 * the newest change among what they list. Fixed pages whose text ships with the code get none,
 * as no date of theirs is known (a build or start time would claim changes that never happened).
 */
export function renderSitemapXml(site: SiteConfig, content: DiscoveryContent): string {
  const postsChanged = latest(content.posts.map((post) => post.updatedAt));
  const caseStudiesChanged = latest(content.caseStudies.map((entry) => entry.updatedAt));
  const videosChanged = latest(content.videos.map((video) => video.updatedAt));
  const listed: Record<string, string | undefined> = {
    '/': postsChanged,
    '/blog': postsChanged,
    '/search-lab': caseStudiesChanged,
    '/youtube-channel': videosChanged,
  };

  const urls: { loc: string; lastmod: string | undefined }[] = [
    ...PUBLIC_PAGES.map((page) => ({ loc: siteHref(site, page.path), lastmod: listed[page.path] })),
    ...content.posts.map((post) => ({ loc: siteHref(site, `/blog/${post.slug}`), lastmod: post.updatedAt })),
    ...content.caseStudies.map((entry) => ({ loc: siteHref(site, `/search-lab/${entry.slug}`), lastmod: entry.updatedAt })),
  ];
  const body = urls
    .map(({ loc, lastmod }) => `  <url>\n    <loc>${xmlEscape(loc)}</loc>${lastmod ? `\n    <lastmod>${xmlEscape(lastmod)}</lastmod>` : ''}\n  </url>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
