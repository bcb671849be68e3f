import type { JSX } from 'react';
import { siteHref, type SiteConfig } from '../config/site-config';
import defaultOgImage from '../assets/og-image.jpg';

/** A JSON-LD record; '@context' is added when it is rendered. */
export type JsonLd = { '@type': string | string[] } & Record<string, unknown>;

/** Every head field a page can set; the defaults fill what it leaves out. */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's own path ('/blog/my-post'); the canonical URL is built from PUBLIC_SITE_URL. */
  path: string;
  ogTitle?: string;
  ogDescription?: string;
  ogType?: 'website' | 'article';
  /** Absolute URL or a path on this site; with it, its alt text and size. */
  ogImage?: string;
  ogImageAlt?: string;
  ogImageSize?: { width: number; height: number };
  twitterCard?: 'summary' | 'summary_large_image';
  schema?: JsonLd[];
  keywords?: string[];
  aiKeyFacts?: string[];
  aiSummary?: string;
  aiEntitiesCompanies?: string[];
  robots?: string;
  /** false: no canonical link (the not-found page, search results). */
  canonical?: false;
  author?: string;
  publishedTime?: string;
  modifiedTime?: string;
  articleSection?: string;
}

export const DEFAULT_ROBOTS = 'index, follow';
/** The site-wide social image (assets/og-image.jpg): what it shows, and its size. */
export const DEFAULT_OG_IMAGE_SIZE = { width: 1200, height: 630 } as const;
export const defaultOgImageAlt = (brandName: string): string =>
  `${brandName}: Be the brand AI recommends. AI search visibility & Amazon growth for consumer brands`;
/** Search results show about this many characters of a title; longer ones are cut. */
export const MAX_TITLE_LENGTH = 65;

/**
 * The title within MAX_TITLE_LENGTH: trailing " | …" parts (the section, then the brand) are
 * dropped while it is too long, and a title still too long on its own is cut at a word with "…".
 */
export function fitTitle(title: string): string {
  const parts = title.split(' | ');
  while (parts.join(' | ').length > MAX_TITLE_LENGTH && parts.length > 1) parts.pop();
  const fitted = parts.join(' | ');
  if (fitted.length <= MAX_TITLE_LENGTH) return fitted;
  const cut = fitted.slice(0, MAX_TITLE_LENGTH - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > MAX_TITLE_LENGTH / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:–-]+$/, '')}…`;
}
export const NOINDEX_ROBOTS = 'noindex, follow';

/** The router's meta entries are typed as <meta> props; it also reads { title } and { 'script:ld+json' }. */
type MetaTag = NonNullable<JSX.IntrinsicElements['meta']>;
type LinkTag = NonNullable<JSX.IntrinsicElements['link']>;

export interface PageHead {
  meta: MetaTag[];
  links: LinkTag[];
}

export function absoluteUrl(site: Pick<SiteConfig, 'siteUrl'>, pathOrUrl: string): string {
  return /^https?:\/\//i.test(pathOrUrl) ? pathOrUrl : siteHref(site, pathOrUrl.startsWith('/') ? pathOrUrl : `/${pathOrUrl}`);
}

/** A JSON-LD script tag; the router serialises it and escapes it for HTML. */
export function jsonLdBlock(record: JsonLd): MetaTag {
  return { 'script:ld+json': { '@context': 'https://schema.org', ...record } } as MetaTag;
}

/** The head tags of one page: title, description, canonical, Open Graph, Twitter, AI fields and JSON-LD. */
export function buildPageHead(page: PageMeta, site: SiteConfig): PageHead {
  const canonical = absoluteUrl(site, page.path);
  // The whole title for social cards, which show more of it than search results.
  const ogTitle = page.ogTitle ?? page.title;
  const ogDescription = page.ogDescription ?? page.description;
  const ogImage = absoluteUrl(site, page.ogImage ?? defaultOgImage);
  const ogImageAlt = page.ogImage ? page.ogImageAlt : defaultOgImageAlt(site.brandName);
  const ogImageSize = page.ogImage ? page.ogImageSize : DEFAULT_OG_IMAGE_SIZE;
  const named = (name: string, content: string | undefined): MetaTag[] => (content ? [{ name, content }] : []);
  const property = (name: string, content: string | undefined): MetaTag[] => (content ? [{ property: name, content }] : []);

  const meta: MetaTag[] = [
    { title: fitTitle(page.title) },
    ...named('description', page.description),
    ...named('keywords', page.keywords?.join(', ')),
    ...named('robots', page.robots ?? DEFAULT_ROBOTS),
    ...named('author', page.author ?? site.brandName),
    ...property('og:title', ogTitle),
    ...property('og:description', ogDescription),
    ...property('og:type', page.ogType ?? 'website'),
    ...property('og:url', canonical),
    ...property('og:image', ogImage),
    ...property('og:image:alt', ogImageAlt),
    ...property('og:image:width', ogImageSize ? String(ogImageSize.width) : undefined),
    ...property('og:image:height', ogImageSize ? String(ogImageSize.height) : undefined),
    ...property('og:site_name', site.brandName),
    ...property('og:locale', 'en_GB'),
    ...named('twitter:card', page.twitterCard ?? 'summary_large_image'),
    ...named('twitter:title', ogTitle),
    ...named('twitter:description', ogDescription),
    ...named('twitter:image', ogImage),
    ...named('twitter:image:alt', ogImageAlt),
    ...named('ai-summary', page.aiSummary),
    ...named('ai-key-facts', page.aiKeyFacts?.join('; ')),
    ...named('ai-entities-companies', (page.aiEntitiesCompanies ?? [site.brandName]).join(', ')),
    ...property('article:published_time', page.publishedTime),
    ...property('article:modified_time', page.modifiedTime),
    ...property('article:section', page.articleSection),
    ...(page.schema ?? []).map(jsonLdBlock),
  ];
  return { meta, links: page.canonical === false ? [] : [{ rel: 'canonical', href: canonical }] };
}
