import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import { parseSitemap, sitemapText } from '../../src/website/sitemap-reader.js';

describe('parseSitemap', () => {
  it('reads page locations, entities decoded', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
      <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc> https://a.example/ </loc><lastmod>2024-01-01</lastmod></url>
        <url><loc>https://a.example/search?q=tea&amp;page=2</loc></url>
      </urlset>`;
    expect(parseSitemap(xml)).toEqual({ kind: 'pages', locations: ['https://a.example/', 'https://a.example/search?q=tea&page=2'] });
  });

  it('reads a sitemap index, namespace prefixes included', () => {
    const xml = `<sm:sitemapindex xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"><sm:sitemap><sm:loc>https://a.example/s1.xml</sm:loc></sm:sitemap></sm:sitemapindex>`;
    expect(parseSitemap(xml)).toEqual({ kind: 'index', locations: ['https://a.example/s1.xml'] });
  });

  it('reads a plain list of URLs', () => {
    expect(parseSitemap('https://a.example/\nnot a url\nhttps://a.example/b\n').locations).toEqual(['https://a.example/', 'https://a.example/b']);
  });

  it('does not expand DOCTYPE entities', () => {
    const xml = `<!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><urlset><url><loc>https://a.example/&b;</loc></url></urlset>`;
    expect(parseSitemap(xml).locations[0]?.length).toBeLessThan(40);
  });

  it('refuses a document that is not a sitemap', () => {
    expect(() => parseSitemap('<html><body>Not found</body></html>')).toThrow();
  });

  it('unpacks gzipped sitemaps within the byte cap', () => {
    const xml = '<urlset><url><loc>https://a.example/x</loc></url></urlset>';
    expect(sitemapText(gzipSync(xml), 1000)).toBe(xml);
    expect(() => sitemapText(gzipSync(Buffer.alloc(100_000)), 1000)).toThrow();
  });
});
