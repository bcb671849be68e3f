import { type Env, EnvReader } from '@agency/server-kit/config';
import { buildSiteConfig, SITE_CONFIG_ENV, type SiteConfig } from '../src/config/site-config';

/** The web process's settings, validated once at start. */
export interface WebConfig {
  port: number;
  /** Loopback unless widened: only the gateway faces the network. */
  bindHost: string;
  /** Where the server-side loaders read content: the content service, not the gateway. */
  contentUrl: string;
  /** Where the report pages read stored audit and image reports: the tools API. */
  toolsUrl: string;
  /** How long a content answer is reused by the renderer; edits show within this window. */
  contentCacheTtlMs: number;
  site: SiteConfig;
}

const HTTP = ['http:', 'https:'];

/** The site details from the environment; a bad value is reported by the reader's finish(). */
export function readSiteConfig(env: EnvReader): SiteConfig {
  return buildSiteConfig(
    (field) => {
      const [name, fallback, kind] = SITE_CONFIG_ENV[field];
      // An empty URL (unset, no default) is a link the pages leave out.
      if (kind === 'url') return (env.optionalString(name) ?? fallback) === '' ? '' : env.url(name, fallback, HTTP);
      const value = env.string(name, fallback);
      if (kind === 'email') env.require(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value), `${name} must be an email address (got "${value}")`);
      return value;
    },
    // Demo mode is one setting, the model simulator's address (docs/operations.md, "Demo mode").
    Boolean(env.optionalString('MODEL_SIMULATOR_URL')),
  );
}

/** The site details alone; tests build their site config with it. */
export function siteConfigFromEnv(env: Env): SiteConfig {
  const reader = new EnvReader(env);
  const site = readSiteConfig(reader);
  reader.finish();
  return site;
}

/** Stops the process with one message naming every bad variable. */
export function loadWebConfig(env: Env = process.env): WebConfig {
  const reader = new EnvReader(env);
  const contentPort = reader.port('CONTENT_PORT', 3001);
  const contentUrl = reader.string('CONTENT_INTERNAL_URL', `http://127.0.0.1:${contentPort}`).replace(/\/+$/, '');
  reader.require(
    /^https?:\/\/[^/]+$/.test(contentUrl),
    `CONTENT_INTERNAL_URL must be an http(s) origin such as http://127.0.0.1:3001 (got "${contentUrl}")`,
  );
  const toolsPort = reader.port('TOOLS_PORT', 3002);
  const toolsUrl = reader.string('TOOLS_INTERNAL_URL', `http://127.0.0.1:${toolsPort}`).replace(/\/+$/, '');
  reader.require(/^https?:\/\/[^/]+$/.test(toolsUrl), `TOOLS_INTERNAL_URL must be an http(s) origin such as http://127.0.0.1:3002 (got "${toolsUrl}")`);
  const config: WebConfig = {
    port: reader.port('WEB_PORT', 3000),
    bindHost: reader.ipAddress('BIND_HOST', '127.0.0.1'),
    contentUrl,
    toolsUrl,
    contentCacheTtlMs: reader.integer('WEB_CONTENT_CACHE_MS', 10_000, { min: 0, max: 30_000 }),
    site: readSiteConfig(reader),
  };
  reader.finish();
  return config;
}

/** The SITE_* (and PUBLIC_SITE_URL) variables not set: their placeholder is used, or the detail left out. */
export function unsetSiteVariables(env: Env = process.env): string[] {
  return Object.values(SITE_CONFIG_ENV)
    .map(([name]) => name)
    .filter((name) => (env[name] ?? '').trim() === '');
}
