import type { FaqGroup, OrganisationFacts, ServiceOffer, ToolCopy } from '../content/site-copy-types';
import type { SiteConfig } from '../config/site-config';
import { siteHref } from '../config/site-config';
import logo512 from '../assets/brand-logo-512.png';
import { absoluteUrl, type JsonLd } from './page-head';

const FOUNDING_YEAR = '2024';

const organisationId = (site: SiteConfig): string => `${site.siteUrl}/#organization`;
const websiteId = (site: SiteConfig): string => `${site.siteUrl}/#website`;

/** On every page. */
export function organisationRecord(site: SiteConfig, facts: OrganisationFacts): JsonLd {
  return {
    '@type': 'Organization',
    '@id': organisationId(site),
    name: site.brandName,
    alternateName: facts.alternateName,
    description: facts.description,
    url: siteHref(site, '/'),
    logo: { '@type': 'ImageObject', url: absoluteUrl(site, logo512), width: 512, height: 512 },
    sameAs: [site.social.linkedIn, site.social.youtube].filter(Boolean),
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      url: siteHref(site, '/contact'),
      email: site.contactEmail,
      availableLanguage: ['en-GB'],
    },
    foundingDate: FOUNDING_YEAR,
    areaServed: 'Worldwide',
    knowsAbout: facts.knowsAbout,
    makesOffer: facts.serviceTypes.map((serviceType) => ({
      '@type': 'Offer',
      itemOffered: { '@type': 'Service', name: serviceType, serviceType },
    })),
  };
}

/** On every page: language and the site-search target (/search?q=…). */
export function websiteRecord(site: SiteConfig): JsonLd {
  return {
    '@type': 'WebSite',
    '@id': websiteId(site),
    name: site.brandName,
    url: siteHref(site, '/'),
    inLanguage: 'en-GB',
    publisher: { '@id': organisationId(site) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${site.siteUrl}/search?q={search_term}` },
      'query-input': 'required name=search_term',
    },
  };
}

export interface Crumb {
  name: string;
  path: string;
}

/** Home first, then the given trail. */
export function breadcrumbRecord(site: SiteConfig, trail: Crumb[]): JsonLd {
  const crumbs = [{ name: 'Home', path: '/' }, ...trail];
  return {
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: siteHref(site, crumb.path),
    })),
  };
}

export interface ArticleFacts {
  headline: string;
  description: string;
  path: string;
  datePublished: string;
  dateModified: string;
  /** Absolute URL or a path on this site, with its size when known. */
  image?: { url: string; width?: number; height?: number };
  section?: string;
}

export function articleRecord(site: SiteConfig, article: ArticleFacts): JsonLd {
  return {
    '@type': 'Article',
    headline: article.headline,
    description: article.description,
    url: siteHref(site, article.path),
    mainEntityOfPage: { '@type': 'WebPage', '@id': siteHref(site, article.path) },
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    inLanguage: 'en-GB',
    ...(article.image
      ? {
          image: {
            '@type': 'ImageObject',
            url: absoluteUrl(site, article.image.url),
            ...(article.image.width ? { width: article.image.width, height: article.image.height } : {}),
          },
        }
      : {}),
    ...(article.section ? { articleSection: article.section } : {}),
    // The team writes as the agency; its about page says who they are.
    author: { '@id': organisationId(site), '@type': 'Organization', name: site.brandName, url: siteHref(site, '/about') },
    publisher: { '@id': organisationId(site), '@type': 'Organization', name: site.brandName },
  };
}

/** Only groups with questions are part of the page, so only they are in the record. */
export function faqPageRecord(groups: FaqGroup[]): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: groups.flatMap((group) =>
      group.items.map((item) => ({
        '@type': 'Question',
        name: item.question,
        acceptedAnswer: { '@type': 'Answer', text: item.answer },
      })),
    ),
  };
}

export function serviceRecord(site: SiteConfig, offer: ServiceOffer): JsonLd {
  return {
    '@type': 'Service',
    name: offer.title,
    serviceType: offer.title,
    description: offer.summary,
    url: siteHref(site, '/services'),
    provider: { '@id': organisationId(site), '@type': 'Organization', name: site.brandName },
    areaServed: 'Worldwide',
  };
}

/** The free tools are priced 0 GBP. */
export function softwareApplicationRecord(site: SiteConfig, tool: ToolCopy): JsonLd {
  return {
    '@type': 'SoftwareApplication',
    name: tool.name,
    description: tool.description,
    url: siteHref(site, tool.path),
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Web',
    isAccessibleForFree: true,
    offers: { '@type': 'Offer', price: '0', priceCurrency: 'GBP' },
    provider: { '@id': organisationId(site), '@type': 'Organization', name: site.brandName },
  };
}
