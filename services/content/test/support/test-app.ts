import { afterAll, beforeAll, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getDataSourceToken } from '@nestjs/typeorm';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import type { DataSource } from 'typeorm';
import type TestAgent from 'supertest/lib/agent.js';
import { loadContentConfig, type ContentConfig } from '../../src/config/content-config.js';
import { ensureDatabaseExists, migrate } from '../../src/database/database-setup.js';
import { createContentApp } from '../../src/http-app.js';
import { seedStarterContent } from '../../src/seed/seed-starter-content.js';

export const SITE_ORIGIN = 'http://localhost:8080';
export const ADMIN_PASSWORD = 'correct horse battery staple';
/** Tests use their own Redis database so they never touch a running dev stack's keys. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestContext {
  app: INestApplication;
  config: ContentConfig;
  dataSource: DataSource;
  redis: Redis;
  http: () => TestAgent;
  close: () => Promise<void>;
}

/** A throwaway database name, dropped if a previous run left it; migrations create it. */
export async function freshDatabase(label: string, adminUrl = ADMIN_URL): Promise<string> {
  const url = new URL(adminUrl);
  url.pathname = `/agency_test_${label}_${process.pid}`;
  await dropDatabase(url.toString(), adminUrl);
  return url.toString();
}

export async function dropDatabase(databaseUrl: string, adminUrl = ADMIN_URL): Promise<void> {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** `adminUrl` names the Postgres server the database is created on (default: the shared test server). */
export async function startContentApp(label: string, env: Record<string, string> = {}, adminUrl = ADMIN_URL): Promise<TestContext> {
  const databaseUrl = await freshDatabase(label, adminUrl);
  const mediaDir = path.join(tmpdir(), `agency-test-media-${label}-${process.pid}`);
  await ensureDatabaseExists(databaseUrl);
  await migrate(databaseUrl);
  const config = loadContentConfig({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    PUBLIC_SITE_URL: SITE_ORIGIN,
    ADMIN_PASSWORD,
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
    // Nothing listens on the discard port: the tools API is "not running" for these tests.
    TOOLS_INTERNAL_URL: 'http://127.0.0.1:9',
    // Suites post the forms many times from one address; the flood suite sets the real limits.
    CONTACT_RATE_LIMIT: '100000',
    NEWSLETTER_RATE_LIMIT: '100000',
    // Uploads of a test go to a folder of its own, removed with the database.
    MEDIA_DIR: mediaDir,
    ...env,
  });
  const redis = new Redis(TEST_REDIS_URL);
  await redis.flushdb();
  const app = await createContentApp(config);
  await app.init();
  const dataSource = app.get<DataSource>(getDataSourceToken());
  return {
    app,
    config,
    dataSource,
    redis,
    http: () => request(app.getHttpServer() as Server),
    close: async () => {
      await app.close();
      redis.disconnect();
      await dropDatabase(databaseUrl, adminUrl);
      await rm(config.mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * Runs `body` with Date held still (timers stay real), so the login throttle's delays cannot run
 * out while a busy machine is still answering a burst: the counts then depend on the throttle only.
 */
export async function withClockHeld<T>(body: () => Promise<T>): Promise<T> {
  jest.useFakeTimers({
    now: Date.now(),
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
  try {
    return await body();
  } finally {
    jest.useRealTimers();
  }
}

/** Logs in like the admin page does and returns the session cookie. */
export async function adminCookie(ctx: TestContext): Promise<string> {
  const response = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD });
  if (response.status !== 204) throw new Error(`login failed: ${response.status} ${JSON.stringify(response.body)}`);
  const setCookie = response.headers['set-cookie'] as unknown as string[];
  const cookie = setCookie.find((line) => line.startsWith('admin_session='));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

/** An admin client: session cookie and the site's Origin on every request. */
export function asAdmin(ctx: TestContext, cookie: string) {
  return {
    get: (path: string) => ctx.http().get(path).set('Cookie', cookie),
    post: (path: string, body: object) => ctx.http().post(path).set('Cookie', cookie).set('Origin', SITE_ORIGIN).send(body),
    put: (path: string, body: object) => ctx.http().put(path).set('Cookie', cookie).set('Origin', SITE_ORIGIN).send(body),
    patch: (path: string, body: object) => ctx.http().patch(path).set('Cookie', cookie).set('Origin', SITE_ORIGIN).send(body),
    delete: (path: string) => ctx.http().delete(path).set('Cookie', cookie).set('Origin', SITE_ORIGIN),
  };
}

export type AdminClient = ReturnType<typeof asAdmin>;

/**
 * Starts the app with its own database before the suite's tests, logs in as the admin, and
 * closes everything after them. `prepare` runs before the login (seeding, for example).
 */
export function useContentApp(label: string, prepare?: (ctx: TestContext) => Promise<unknown>): { ctx: TestContext; admin: AdminClient } {
  const suite = {} as { ctx: TestContext; admin: AdminClient };
  beforeAll(async () => {
    suite.ctx = await startContentApp(label);
    await prepare?.(suite.ctx);
    suite.admin = asAdmin(suite.ctx, await adminCookie(suite.ctx));
  });
  afterAll(() => suite.ctx.close());
  return suite;
}

/** The app with the starter content, listening on a free loopback port for tests that send raw HTTP. */
export async function startSeededOnLoopback(label: string, start: (label: string) => Promise<TestContext> = startContentApp): Promise<{ ctx: TestContext; baseUrl: string }> {
  const ctx = await start(label);
  await seedStarterContent(ctx.dataSource);
  const server = ctx.app.getHttpServer() as Server;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { ctx, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

export { listRoutes } from '@agency/server-kit/testing';
