import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import pg from 'pg';
import { repoRoot } from './bench-processes.js';

/** The benchmarks' own stores: a throwaway Postgres database and one Redis database, never 0. */
export const BENCH_DATABASE_URL = process.env.BENCH_CONTENT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_bench2';
export const BENCH_REDIS_URL = process.env.BENCH_CONTENT_REDIS_URL ?? 'redis://127.0.0.1:6379/13';

const ADMIN_PASSWORD = 'bench-admin-password-not-for-use';
const UNSUBSCRIBE_SECRET = randomBytes(32).toString('hex');

/** What every service process of a benchmark gets, besides its port. */
export function serviceEnv(publicSiteUrl: string): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATABASE_URL: BENCH_DATABASE_URL,
    REDIS_URL: BENCH_REDIS_URL,
    PUBLIC_SITE_URL: publicSiteUrl,
    ADMIN_PASSWORD,
    ADMIN_PASSWORD_HASH: '',
    UNSUBSCRIBE_SECRET,
  };
}

export const benchAdminPassword = ADMIN_PASSWORD;

/**
 * Drops and recreates the benchmark database with both services' migrations and, when asked,
 * the starter content, and empties the benchmark's Redis database.
 */
export async function freshStores({ seed }: { seed: boolean }): Promise<void> {
  const redisDb = Number(new URL(BENCH_REDIS_URL).pathname.slice(1) || 0);
  if (redisDb === 0) throw new Error('The benchmark Redis URL must name a database other than 0.');
  const url = new URL(BENCH_DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const run = promisify(execFile);
  const env = { ...process.env, ...serviceEnv('http://127.0.0.1') };
  await run(process.execPath, [`${repoRoot}services/content/dist/src/cli/migrate.js`], { env });
  await run(process.execPath, [`${repoRoot}services/tools/dist/src/cli/migrate.js`], { env });
  if (seed) await run(process.execPath, [`${repoRoot}services/content/dist/src/cli/seed.js`], { env });

  const redis = new Redis(BENCH_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}
