import { PRODUCT_NAME } from '@agency/shared';

/**
 * Deployment-specific facts about the site. The web server reads them from the environment at
 * start and hands them to the browser with the rendered page, so one build serves any deployment.
 */
export interface SiteConfig {
  brandName: string;
  /** The address visitors use, without a trailing slash; canonical URLs, sitemap and feeds. */
  siteUrl: string;
  contactEmail: string;
  companyNumber: string;
  vatNumber: string;
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

/** The environment variables behind each field; defaults are placeholders, never real details. */
export const SITE_CONFIG_ENV = {
  siteUrl: ['PUBLIC_SITE_URL', 'http://localhost:8080'],
  contactEmail: ['SITE_CONTACT_EMAIL', 'hello@example.com'],
  companyNumber: ['SITE_COMPANY_NUMBER', '00000000'],
  vatNumber: ['SITE_VAT_NUMBER', 'GB000000000'],
  linkedIn: ['SITE_LINKEDIN_URL', 'https://www.linkedin.com/company/example'],
  youtube: ['SITE_YOUTUBE_URL', 'https://www.youtube.com/@example'],
  queryClusteringTool: ['SITE_QUERY_CLUSTERING_URL', 'https://example.com/query-clustering'],
  whyUsBlog: ['SITE_WHY_US_URL', 'https://example.com/why-us'],
  rufusRadar: ['SITE_RUFUS_RADAR_URL', 'https://example.com/rufus-radar'],
} as const satisfies Record<string, readonly [string, string]>;

type Env = Readonly<Record<string, string | undefined>>;

function read(env: Env, [name, fallback]: readonly [string, string]): string {
  const value = env[name]?.trim();
  return value ? value : fallback;
}

function httpUrl(env: Env, entry: readonly [string, string]): string {
  const value = read(env, entry);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${entry[0]} must be an absolute http(s) URL; got "${value}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${entry[0]} must be an absolute http(s) URL; got "${value}".`);
  }
  return value;
}

/** Reads and validates the site config; a bad value stops the web server with a clear message. */
export function siteConfigFromEnv(env: Env): SiteConfig {
  const contactEmail = read(env, SITE_CONFIG_ENV.contactEmail);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(contactEmail)) {
    throw new Error(`SITE_CONTACT_EMAIL must be an email address; got "${contactEmail}".`);
  }
  return {
    brandName: PRODUCT_NAME,
    siteUrl: httpUrl(env, SITE_CONFIG_ENV.siteUrl).replace(/\/+$/, ''),
    contactEmail,
    companyNumber: read(env, SITE_CONFIG_ENV.companyNumber),
    vatNumber: read(env, SITE_CONFIG_ENV.vatNumber),
    social: {
      linkedIn: httpUrl(env, SITE_CONFIG_ENV.linkedIn),
      youtube: httpUrl(env, SITE_CONFIG_ENV.youtube),
    },
    external: {
      queryClusteringTool: httpUrl(env, SITE_CONFIG_ENV.queryClusteringTool),
      whyUsBlog: httpUrl(env, SITE_CONFIG_ENV.whyUsBlog),
      rufusRadar: httpUrl(env, SITE_CONFIG_ENV.rufusRadar),
    },
  };
}

/** An absolute URL on this site for a path such as '/blog'. */
export function siteHref(config: Pick<SiteConfig, 'siteUrl'>, path: string): string {
  return path === '/' ? `${config.siteUrl}/` : `${config.siteUrl}${path}`;
}
