import { EnvReader, readServerConfig, type ServerConfig } from '@agency/server-kit';

export interface ContentConfig extends ServerConfig {
  port: number;
  databaseUrl: string;
  /** Signs newsletter unsubscribe links. */
  unsubscribeSecret: string;
  /** The tools API's readiness URL, checked by the site-wide GET /api/health. */
  toolsReadyUrl: string;
}

const DEV_UNSUBSCRIBE_SECRET = 'dev-only-unsubscribe-secret-change-me';

/** Reads and validates the content service's environment once, at start. */
export function loadContentConfig(env: NodeJS.ProcessEnv = process.env): ContentConfig {
  const reader = new EnvReader(env);
  const server = readServerConfig(reader);
  const unsubscribeSecret = reader.string('UNSUBSCRIBE_SECRET', DEV_UNSUBSCRIBE_SECRET);
  reader.require(
    server.environment !== 'production' || unsubscribeSecret !== DEV_UNSUBSCRIBE_SECRET,
    'UNSUBSCRIBE_SECRET is required in production',
  );
  reader.require(unsubscribeSecret.length >= 16, 'UNSUBSCRIBE_SECRET must be at least 16 characters');
  const config: ContentConfig = {
    ...server,
    port: reader.port('CONTENT_PORT', 3001),
    databaseUrl: reader.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/agency', ['postgres:', 'postgresql:']),
    unsubscribeSecret,
    toolsReadyUrl: `${reader.url('TOOLS_INTERNAL_URL', `http://127.0.0.1:${reader.port('TOOLS_PORT', 3002)}`, ['http:', 'https:']).replace(/\/+$/, '')}/health/ready`,
  };
  reader.finish();
  return config;
}
