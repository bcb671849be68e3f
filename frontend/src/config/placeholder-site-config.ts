import { siteConfigFromEnv, type SiteConfig } from './site-config';

/** Stands in until the page's own config is hydrated; never rendered. */
export const PLACEHOLDER_SITE_CONFIG: SiteConfig = siteConfigFromEnv({});
