import { PRODUCT_NAME } from '@agency/shared';

/**
 * Deployment-specific facts about the site. The web server reads them from the environment at
 * start (server/web-config.ts) and hands them to the browser with the rendered page, so one
 * build serves any deployment.
 */
export interface SiteConfig {
  brandName: string;
  /** Demo mode: the tools' answers come from the model simulator, and every tool page says so. */
  demoMode: boolean;
  /** The address visitors use, without a trailing slash; canonical URLs, sitemap and feeds. */
  siteUrl: string;
  contactEmail: string;
  /** Empty when not set: then not shown anywhere. */
  companyNumber: string;
  /** Empty when not set: then not shown anywhere. */
  vatNumber: string;
  /** Each empty when not set: then its links are left out (and the Rufus page says the tool is not connected). */
  social: {
    linkedIn: string;
    youtube: string;
  };
  external: {
    queryClusteringTool: string;
    whyUsBlog: string;
    rufusRadar: string;
  };
}

/**
 * The environment variable behind each field, its default and what it must be (the web server
 * checks); defaults are placeholders, never real details, or empty for a detail or link the pages
 * leave out when it is not set (so no example.com address ever shows). A production start warns about each one not set (server/main.ts).
 */
export const SITE_CONFIG_ENV = {
  siteUrl: ['PUBLIC_SITE_URL', 'http://localhost:8080', 'url'],
  contactEmail: ['SITE_CONTACT_EMAIL', 'hello@example.com', 'email'],
  companyNumber: ['SITE_COMPANY_NUMBER', '', 'text'],
  vatNumber: ['SITE_VAT_NUMBER', '', 'text'],
  linkedIn: ['SITE_LINKEDIN_URL', '', 'url'],
  youtube: ['SITE_YOUTUBE_URL', '', 'url'],
  queryClusteringTool: ['SITE_QUERY_CLUSTERING_URL', '', 'url'],
  whyUsBlog: ['SITE_WHY_US_URL', '', 'url'],
  rufusRadar: ['SITE_RUFUS_RADAR_URL', '', 'url'],
} as const satisfies Record<string, readonly [name: string, fallback: string, kind: 'url' | 'email' | 'text']>;

export type SiteConfigField = keyof typeof SITE_CONFIG_ENV;

/** The config from one value per field: the web server passes the checked environment's. */
export function buildSiteConfig(value: (field: SiteConfigField) => string, demoMode = false): SiteConfig {
  return {
    brandName: PRODUCT_NAME,
    demoMode,
    siteUrl: value('siteUrl').replace(/\/+$/, ''),
    contactEmail: value('contactEmail'),
    companyNumber: value('companyNumber'),
    vatNumber: value('vatNumber'),
    social: {
      linkedIn: value('linkedIn'),
      youtube: value('youtube'),
    },
    external: {
      queryClusteringTool: value('queryClusteringTool'),
      whyUsBlog: value('whyUsBlog'),
      rufusRadar: value('rufusRadar'),
    },
  };
}

/** Every field at its default: the browser's stand-in until the page's own config arrives. */
export const DEFAULT_SITE_CONFIG: SiteConfig = buildSiteConfig((field) => SITE_CONFIG_ENV[field][1]);

/** An absolute URL on this site for a path such as '/blog'. */
export function siteHref(config: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  return path === '/' ? `${config.siteUrl}/` : `${config.siteUrl}${path}`;
}
