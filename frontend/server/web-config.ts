import { isIP } from 'node:net';
import { siteConfigFromEnv, type SiteConfig } from '../src/config/site-config';

/** The web process's settings, read and validated once at start into one typed object. */
export interface WebConfig {
  port: number;
  /** Loopback unless widened: only the gateway faces the network. */
  bindHost: string;
  /** Where the server-side loaders read content: the content service, not the gateway. */
  contentUrl: string;
  /** How long a content answer is reused by the renderer; edits show within this window. */
  contentCacheTtlMs: number;
  site: SiteConfig;
}

type Env = Readonly<Record<string, string | undefined>>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}; got "${raw}".`);
  }
  return value;
}

export function loadWebConfig(env: Env = process.env): WebConfig {
  const contentPort = integer(env, 'CONTENT_PORT', 3001, 1, 65_535);
  const contentUrl = (env.CONTENT_INTERNAL_URL?.trim() || `http://127.0.0.1:${contentPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+$/.test(contentUrl)) {
    throw new Error(`CONTENT_INTERNAL_URL must be an http(s) origin such as http://127.0.0.1:3001; got "${contentUrl}".`);
  }
  const bindHost = env.BIND_HOST?.trim() || '127.0.0.1';
  if (isIP(bindHost) === 0) {
    throw new Error(`BIND_HOST must be an IP address such as 127.0.0.1 or 0.0.0.0; got "${bindHost}".`);
  }
  return {
    port: integer(env, 'WEB_PORT', 3000, 1, 65_535),
    bindHost,
    contentUrl,
    contentCacheTtlMs: integer(env, 'WEB_CONTENT_CACHE_MS', 10_000, 0, 30_000),
    site: siteConfigFromEnv(env),
  };
}
