// @vitest-environment node
import type { BlogPost, SearchLabEntry, YoutubeVideo } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { siteConfigFromEnv } from '../web-config';
import type { DiscoveryContent } from './discovery-content';
import { renderLlmsTxt } from './llms-txt';
import { renderRobotsTxt } from './robots-txt';
import { renderRssXml } from './rss-xml';
import { renderSitemapXml } from './sitemap-xml';

const site = siteConfigFromEnv({ PUBLIC_SITE_URL: 'https://agency.example' });
const builtAt = '2025-07-01T00:00:00.000Z';

const post: BlogPost = {
  id: 1,
  slug: 'fish-chips',
  title: 'Fish & <Chips>',
  excerpt: 'Why **bold** claims & proof matter',
  content: 'Body',
  category: 'AI Search',
  image: null,
  imageAlt: null,
  metaTitle: null,
  metaDescription: null,
  readTime: 5,
  published: true,
  datePosted: '2025-06-24T08:30:00.000Z',
  createdAt: '2025-06-24T08:30:00.000Z',
  updatedAt: '2025-06-25T10:00:00.000Z',
};
const entry: SearchLabEntry = {
  id: 2,
  slug: 'protein-bars',
  title: 'Protein bars',
  summary: 'Which brands ChatGPT names.',
  chatgptLink: 'https://chatgpt.com/?q=x',
  published: true,
  displayOrder: 1,
  metaTitle: null,
  metaDescription: null,
  challenge: null,
  whatChanged: null,
  result: null,
  caseDate: null,
  createdAt: '2025-05-01T00:00:00.000Z',
  updatedAt: '2025-05-02T00:00:00.000Z',
};
const video: YoutubeVideo = {
  id: 3,
  title: 'A video',
  description: 'About things.',
  youtubeUrl: 'https://youtu.be/zzzzzzzzzzz',
  youtubeId: 'zzzzzzzzzzz',
  published: true,
  displayOrder: 0,
  createdAt: '2025-04-01T00:00:00.000Z',
  updatedAt: '2025-04-03T00:00:00.000Z',
};
const content: DiscoveryContent = { posts: [post], caseStudies: [entry], videos: [video] };

/** Reads an XML text node as a parser would: CDATA taken as it is, entities decoded. */
function xmlText(node: string): string {
  const cdata = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(node);
  if (cdata) return cdata[1]!;
  return node.replace(/&(lt|gt|quot|apos|amp);/g, (_entity, name: string) => ({ lt: '<', gt: '>', quot: '"', apos: "'", amp: '&' })[name]!);
}

describe('robots.txt', () => {
  const robots = renderRobotsTxt(site);
  it('welcomes AI-search crawlers by name and keeps admin and API out', () => {
    for (const agent of ['GPTBot', 'OAI-SearchBot', 'ClaudeBot', 'PerplexityBot', 'Googlebot']) expect(robots).toContain(`User-agent: ${agent}`);
    expect(robots).toContain('Disallow: /admin');
    const rules = robots.split('\n');
    // A prefix without the slash: /api itself is kept out too.
    expect(rules).toContain('Disallow: /api');
    expect(rules).not.toContain('Disallow: /api/');
    expect(robots).toContain('Sitemap: https://agency.example/sitemap.xml');
  });
});

describe('sitemap.xml', () => {
  const xml = renderSitemapXml(site, content);
  it('lists the public pages, each post and each case study, dated by content', () => {
    expect(xml).toContain('<loc>https://agency.example/</loc>');
    expect(xml).toContain('<loc>https://agency.example/faq</loc>');
    expect(xml).toContain('<loc>https://agency.example/blog/fish-chips</loc>\n    <lastmod>2025-06-25T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://agency.example/search-lab/protein-bars</loc>');
    expect(xml).not.toContain('/admin');
    expect(xml).toContain('<loc>https://agency.example/search-lab/protein-bars</loc>\n    <lastmod>2025-05-02T00:00:00.000Z</lastmod>');
  });
  it('dates the list pages by the latest item they list, and gives fixed pages no date', () => {
    expect(xml).toContain('<loc>https://agency.example/blog</loc>\n    <lastmod>2025-06-25T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://agency.example/</loc>\n    <lastmod>2025-06-25T10:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://agency.example/search-lab</loc>\n    <lastmod>2025-05-02T00:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://agency.example/youtube-channel</loc>\n    <lastmod>2025-04-03T00:00:00.000Z</lastmod>');
    expect(xml).toContain('<loc>https://agency.example/faq</loc>\n  </url>');
    expect(xml).not.toContain(builtAt);
    // Rendered at another moment from the same content: the same file.
    expect(renderSitemapXml(site, content)).toBe(xml);
  });
  it('leaves a list page undated when it lists nothing', () => {
    expect(renderSitemapXml(site, { ...content, videos: [] })).toContain('<loc>https://agency.example/youtube-channel</loc>\n  </url>');
  });
});

describe('llms.txt', () => {
  const text = renderLlmsTxt(site, content);
  it('follows the proposal: one H1, a blockquote summary, H2 sections of links', () => {
    const lines = text.split('\n');
    expect(lines[0]).toBe(`# ${site.brandName}`);
    expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);
    expect(lines[2]?.startsWith('> ')).toBe(true);
    expect(text).toContain('## Key pages');
    expect(text).toContain('- [Services](https://agency.example/services): ');
    expect(text).toContain('## Blog posts\n\n- [Fish & <Chips>](https://agency.example/blog/fish-chips): Why bold claims & proof matter');
    expect(text).toContain('- [Protein bars](https://agency.example/search-lab/protein-bars): Which brands ChatGPT names.');
  });
  it('keeps brackets in titles and notes from forming links of their own', () => {
    const hostile = renderLlmsTxt(site, {
      ...content,
      caseStudies: [{ ...content.caseStudies[0]!, title: 'x](javascript:alert(1)) [y', summary: 'See [prize](https://evil.example).' }],
    });
    expect(hostile).toContain('- [x\\](javascript:alert(1)) \\[y](https://agency.example/search-lab/protein-bars): See \\[prize\\](https://evil.example).');
  });
});

describe('rss.xml', () => {
  const xml = renderRssXml(site, content, builtAt);
  it('is an RSS 2.0 feed of the posts with escaped text', () => {
    expect(xml).toContain('<rss version="2.0"');
    expect(xml).toContain('<title>Fish &amp; &lt;Chips&gt;</title>');
    expect(xml).toContain('<link>https://agency.example/blog/fish-chips</link>');
    expect(xml).toContain('<pubDate>Tue, 24 Jun 2025 08:30:00 GMT</pubDate>');
    expect(xml).toContain('<description><![CDATA[Why bold claims &amp; proof matter]]></description>');
    expect(xml).toContain('<language>en-GB</language>');
  });
  it('escapes description text for HTML exactly once, so a reader shows it rather than running it', () => {
    const hostile = renderRssXml(site, { ...content, posts: [{ ...post, excerpt: 'Use <b>tags</b> & "quotes" ]]> <script>alert(1)</script>' }] }, builtAt);
    const description = /<item>[\s\S]*?<description>([\s\S]*?)<\/description>/.exec(hostile)![1]!;
    // What the reader gets after reading the XML: HTML in which the text is escaped once.
    const html = xmlText(description);
    expect(html).toBe('Use &lt;b&gt;tags&lt;/b&gt; &amp; &quot;quotes&quot; ]]&gt; &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/[<>]/);
    expect(html).not.toContain('&amp;lt;');
  });
});
