import { EnvReader } from './env-reader.js';

/** The development password in .env.example; refused in production. */
export const DEV_ADMIN_PASSWORD = 'agency-dev-admin';

export type RuntimeEnvironment = 'development' | 'test' | 'production';

/** Settings every HTTP service shares. */
export interface ServerConfig {
  environment: RuntimeEnvironment;
  redisUrl: string;
  publicSiteUrl: string;
  /** Where the HTTP server listens: loopback unless widened, so that only the gateway faces the network. */
  bindHost: string;
  /** Express "trust proxy" value: only the gateway's addresses may set X-Forwarded-For. */
  trustProxy: string;
  admin: {
    password: string | undefined;
    passwordHash: string | undefined;
  };
}

export function readServerConfig(env: EnvReader): ServerConfig {
  const environment = env.oneOf('NODE_ENV', ['development', 'test', 'production'], 'development');
  const password = env.optionalString('ADMIN_PASSWORD');
  const passwordHash = env.optionalString('ADMIN_PASSWORD_HASH');
  env.require(
    environment !== 'production' || Boolean(password ?? passwordHash),
    'ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is required in production',
  );
  env.require(
    environment !== 'production' || passwordHash !== undefined || password !== DEV_ADMIN_PASSWORD,
    'ADMIN_PASSWORD is the development default from .env.example; set your own in production',
  );
  env.require(
    passwordHash === undefined || passwordHash.startsWith('$argon2id$'),
    'ADMIN_PASSWORD_HASH must be an argon2id hash (it starts with $argon2id$)',
  );
  return {
    environment,
    redisUrl: env.url('REDIS_URL', 'redis://127.0.0.1:6379', ['redis:', 'rediss:']),
    publicSiteUrl: env.url('PUBLIC_SITE_URL', 'http://localhost:8080', ['http:', 'https:']).replace(/\/+$/, ''),
    bindHost: env.ipAddress('BIND_HOST', '127.0.0.1'),
    // The gateway under `make start`; compose sets the gateway container's fixed address.
    trustProxy: env.string('TRUST_PROXY', 'loopback'),
    admin: { password, passwordHash },
  };
}
