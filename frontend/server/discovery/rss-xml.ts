import { siteHref, type SiteConfig } from '../../src/config/site-config';
import { pageMeta } from '../../src/content/page-meta-copy';
import { markupToPlainText } from '../../src/markup/light-markup-parser';
import type { DiscoveryContent } from './discovery-content';
import { htmlEscape, xmlEscape } from './xml-escape';

/**
 * A feed reader shows an item's description as HTML. The text is escaped for HTML once and
 * carried in CDATA, so that after the XML is read the reader gets `&lt;b&gt;`, shown as `<b>`;
 * escaped for XML alone, it would get `<b>` and render it as markup. HTML escaping turns every
 * `>` into `&gt;`, so the text cannot end the CDATA section early.
 */
function htmlDescription(text: string): string {
  return `<![CDATA[${htmlEscape(text)}]]>`;
}

const RSS_ITEMS = 50;

/** RSS 2.0 feed of the published blog posts, newest first. */
export function renderRssXml(site: SiteConfig, content: DiscoveryContent, builtAt: string): string {
  const posts = content.posts.slice(0, RSS_ITEMS);
  const lastBuild = posts[0]?.updatedAt ?? builtAt;
  const items = posts
    .map((post) => {
      const url = siteHref(site, `/blog/${post.slug}`);
      return [
        '    <item>',
        `      <title>${xmlEscape(post.title)}</title>`,
        `      <link>${xmlEscape(url)}</link>`,
        `      <guid isPermaLink="true">${xmlEscape(url)}</guid>`,
        `      <pubDate>${new Date(post.datePosted).toUTCString()}</pubDate>`,
        `      <category>${xmlEscape(post.category)}</category>`,
        `      <description>${htmlDescription(markupToPlainText(post.excerpt))}</description>`,
        '    </item>',
      ].join('\n');
    })
    .join('\n');
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xmlEscape(`${site.brandName} Blog`)}</title>`,
    `    <link>${xmlEscape(siteHref(site, '/blog'))}</link>`,
    `    <atom:link href="${xmlEscape(siteHref(site, '/rss.xml'))}" rel="self" type="application/rss+xml" />`,
    `    <description>${htmlDescription(pageMeta['/blog']?.description ?? '')}</description>`,
    '    <language>en-GB</language>',
    `    <lastBuildDate>${new Date(lastBuild).toUTCString()}</lastBuildDate>`,
    items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
