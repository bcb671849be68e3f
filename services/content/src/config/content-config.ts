import path from 'node:path';
import { PRODUCT_NAME } from '@agency/shared';
import { EnvReader, isSafeHeaderValue, type OutboxSettings, readOutboxSettings, readServerConfig, type ServerConfig } from '@agency/server-kit';

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
  mail: MailConfig;
}

/** Email and the lead webhook (docs/operations.md, "Email"). */
export interface MailConfig extends OutboxSettings {
  /** Unset: outbox rows are written but nothing sends them. */
  smtpUrl: string | null;
  from: string;
  brandName: string;
  leadWebhookSecret: string | null;
  /** How often unsent rows are looked for (and expired sign-ups removed). */
  sweepSeconds: number;
  /** The first retry's delay inside one send job; later ones double. */
  retryDelayMs: number;
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
    mail: readMailConfig(reader),
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

function readMailConfig(reader: EnvReader): MailConfig {
  const smtpUrl = reader.optionalString('SMTP_URL');
  if (smtpUrl) reader.url('SMTP_URL', smtpUrl, ['smtp:', 'smtps:']);
  const brandName = reader.string('BRAND_NAME', PRODUCT_NAME);
  const from = reader.string('MAIL_FROM', `${brandName} <hello@localhost>`);
  reader.require(isSafeHeaderValue(from) && isSafeHeaderValue(brandName), 'MAIL_FROM and BRAND_NAME must be on one line');
  const leadWebhookSecret = reader.optionalString('LEAD_WEBHOOK_SECRET') ?? null;
  const settings = readOutboxSettings(reader);
  reader.require(!settings.leadWebhookUrl || (leadWebhookSecret?.length ?? 0) >= 16, 'LEAD_WEBHOOK_SECRET (at least 16 characters) is required with LEAD_WEBHOOK_URL');
  return {
    ...settings,
    smtpUrl: smtpUrl ?? null,
    from,
    brandName,
    leadWebhookSecret,
    sweepSeconds: reader.integer('EMAIL_SWEEP_SECONDS', 10, { min: 1, max: 3600 }),
    retryDelayMs: reader.integer('EMAIL_RETRY_DELAY_MS', 5000, { min: 10, max: 3_600_000 }),
  };
}
