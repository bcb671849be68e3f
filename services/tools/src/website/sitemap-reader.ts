import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

export interface SitemapContent {
  kind: 'pages' | 'index';
  /** The <loc> values in document order: page URLs, or child sitemap URLs for an index. */
  locations: string[];
}

const MAX_LOCATIONS = 5000;

// Entities stay unprocessed (no DOCTYPE expansion); <loc> values only need the five XML ones.
const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeXmlText(text: string): string {
  return text
    .replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name] ?? '')
    .replace(/&#(x[0-9a-f]+|\d+);/gi, (_, code: string) => {
      const point = code.startsWith('x') || code.startsWith('X') ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : '';
    })
    .trim();
}

/** Unpacks a gzipped sitemap file (sitemap.xml.gz) within the byte cap; other bodies pass through. */
export function sitemapText(body: Buffer, maxBytes: number): string {
  if (body[0] === 0x1f && body[1] === 0x8b) {
    return gunzipSync(body, { maxOutputLength: maxBytes }).toString('utf8');
  }
  return body.toString('utf8');
}

/** Reads a sitemap (XML urlset, XML sitemap index, or a plain list of URLs, one a line). */
export function parseSitemap(text: string): SitemapContent {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('<')) {
    const locations = trimmed
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter((line) => /^https?:\/\//i.test(line));
    return { kind: 'pages', locations: locations.slice(0, MAX_LOCATIONS) };
  }
  const document = parser.parse(trimmed) as unknown;
  const root = isRecord(document) ? document : {};
  if (isRecord(root.sitemapindex)) {
    return { kind: 'index', locations: locationsOf(root.sitemapindex.sitemap) };
  }
  if (isRecord(root.urlset)) {
    return { kind: 'pages', locations: locationsOf(root.urlset.url) };
  }
  throw new Error('not a sitemap');
}

function locationsOf(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  const locations: string[] = [];
  for (const entry of entries) {
    if (locations.length >= MAX_LOCATIONS) break;
    const loc = isRecord(entry) ? entry.loc : undefined;
    if (typeof loc === 'string' && loc.trim() !== '') locations.push(decodeXmlText(loc));
  }
  return locations;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
