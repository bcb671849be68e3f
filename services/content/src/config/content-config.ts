import path from 'node:path';
import { EnvReader, readServerConfig, type ServerConfig } from '@agency/server-kit';

export interface ContentConfig extends ServerConfig {
  port: number;
  databaseUrl: string;
  /** Signs newsletter unsubscribe links. */
  unsubscribeSecret: string;
  /** The tools API inside the private network (the person view asks it for tool records). */
  toolsUrl: string;
  /** The tools API's readiness URL, checked by the site-wide GET /api/health. */
  toolsReadyUrl: string;
  /** Where the media library's image variants are written; the gateway serves it at /media/. */
  mediaDir: string;
  /** The largest image file an upload may be. */
  mediaMaxBytes: number;
  /** The tools API's own OpenAPI document, merged into GET /api/openapi.json. */
  toolsApiDescriptionUrl: string;
  /** Flood limits of the public forms (docs/security.md, "Forms"). */
  forms: {
    contact: FormRateLimit;
    newsletter: FormRateLimit;
    /** An identical contact message from the same address within this many seconds is stored once. */
    duplicateWindowSeconds: number;
  };
}

/** Posts one client IP may make to a form within the window. */
export interface FormRateLimit {
  requests: number;
  windowSeconds: number;
}

/** Reads and validates the content service's environment once, at start. */
export function loadContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const reader = new EnvReader(env);
  const server = readServerConfig(reader);
  // No default in any mode: a secret written here would let anyone sign anyone's unsubscribe link.
  const unsubscribeSecret = reader.optionalString('UNSUBSCRIBE_SECRET') ?? '';
  reader.require(
    unsubscribeSecret !== '',
    'UNSUBSCRIBE_SECRET is required (`make start` generates one in .run/secrets.env; docker compose reads it from .env)',
  );
  reader.require(unsubscribeSecret === '' || unsubscribeSecret.length >= 16, 'UNSUBSCRIBE_SECRET must be at least 16 characters');
  const toolsUrl = reader.url('TOOLS_INTERNAL_URL', `http://127.0.0.1:${reader.port('TOOLS_PORT', 3002)}`, ['http:', 'https:']).replace(/\/+$/, '');
  const config: ContentConfig = {
    ...server,
    port: reader.port('CONTENT_PORT', 3001),
    databaseUrl: readDatabaseUrl(reader),
    unsubscribeSecret,
    mediaDir: path.resolve(reader.optionalString('MEDIA_DIR') ?? '.run/media'),
    mediaMaxBytes: reader.integer('MEDIA_MAX_BYTES', 10 * 1024 * 1024, { min: 1024, max: 50 * 1024 * 1024 }),
    toolsUrl,
    toolsReadyUrl: `${toolsUrl}/health/ready`,
    toolsApiDescriptionUrl: `${toolsUrl}/openapi.json`,
    forms: {
      contact: {
        requests: reader.integer('CONTACT_RATE_LIMIT', 5, { min: 1, max: 1_000_000 }),
        windowSeconds: reader.integer('CONTACT_RATE_WINDOW_SECONDS', 900, { min: 1, max: 86_400 }),
      },
      newsletter: {
        requests: reader.integer('NEWSLETTER_RATE_LIMIT', 10, { min: 1, max: 1_000_000 }),
        windowSeconds: reader.integer('NEWSLETTER_RATE_WINDOW_SECONDS', 900, { min: 1, max: 86_400 }),
      },
      duplicateWindowSeconds: reader.integer('CONTACT_DUPLICATE_WINDOW_SECONDS', 600, { min: 0, max: 86_400 }),
    },
  };
  reader.finish();
  return config;
}

/** The migrate and seed commands need the database only, not the service's secrets. */
export function loadContentDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  const reader = new EnvReader(env);
  const databaseUrl = readDatabaseUrl(reader);
  reader.finish();
  return databaseUrl;
}

function readDatabaseUrl(reader: EnvReader): string {
  return reader.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/agency', ['postgres:', 'postgresql:']);
}
