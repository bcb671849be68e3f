import { afterAll, beforeAll } from '@jest/globals';
import { execFile } from 'node:child_process';
import type { Server } from 'node:http';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { INestApplication } from '@nestjs/common';
import { AdminSessionStore } from '@agency/server-kit';
import { startModelSimulator, type RunningModelSimulator } from '@agency/model-sim';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import request from 'supertest';
import type TestAgent from 'supertest/lib/agent.js';
import { DataSource } from 'typeorm';
import { loadToolsConfig, type ToolsConfig } from '../../src/config/tools-config.js';
import { toolsDataSourceOptions } from '../../src/database/data-source-options.js';
import { createToolsApp } from '../../src/http-app.js';
import { TOOLS_QUEUE, workerName } from '../../src/jobs/tool-jobs.js';
import { ENTRY, freePort, repoRoot, startNodeProcess, waitUntilReady, type ServiceProcess } from './service-process.js';

export const SITE_ORIGIN = 'http://localhost:8080';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONTENT_MIGRATE = `${repoRoot}services/content/dist/src/cli/migrate.js`;

export type WorkerProcess = ServiceProcess;

/** A tools API running as its own process (not in the test's), at `url`. */
export interface ApiProcess extends ServiceProcess {
  url: string;
  port: number;
}

export interface ToolsHarness {
  /** The tools API app, running in this process. */
  app(): INestApplication;
  http(): TestAgent;
  baseUrl(): string;
  sim: RunningModelSimulator;
  env: Record<string, string>;
  config: ToolsConfig;
  db: pg.Pool;
  redis: Redis;
  queue: Queue;
  /** The worker processes running now, those started with the harness included. */
  workers(): WorkerProcess[];
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  stopWorker(worker: WorkerProcess, signal?: NodeJS.Signals): Promise<number | string | null>;
  /** Starts the tools API as a separate process (on `port`, or a free one) and waits until it is ready. */
  startApiProcess(port?: number, env?: Record<string, string>): Promise<ApiProcess>;
  adminCookie(): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Extra environment for the API and the workers (a function is read when the harness starts). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Run in demo mode: MODEL_SIMULATOR_URL instead of provider keys and base URLs. */
  demoMode?: boolean;
  /** Worker processes started with the harness. */
  workers?: number;
  /** The Redis the API, the workers and the harness use; emptied at start (default TEST_REDIS_URL; a function is read when the harness starts). */
  redisUrl?: string | (() => string);
  /** Runs after the first tools migration only, before the later ones: records as an older release stored them. */
  oldRecords?: (db: DataSource) => Promise<void>;
}

/** A fresh database with the content and tools migrations, the model simulator, the tools API in-process and real worker processes. */
export async function startToolsHarness(label: string, options: HarnessOptions = {}): Promise<ToolsHarness> {
  const databaseUrl = await freshDatabase(label);
  await promisify(execFile)(process.execPath, [CONTENT_MIGRATE], { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' } });
  if (options.oldRecords) {
    const [first] = toolsDataSourceOptions(databaseUrl, 1).migrations as unknown[];
    const older = new DataSource({ ...toolsDataSourceOptions(databaseUrl, 1), migrations: [first as never] });
    await older.initialize();
    await older.runMigrations();
    await options.oldRecords(older);
    await older.destroy();
  }
  const migrations = new DataSource(toolsDataSourceOptions(databaseUrl, 1));
  await migrations.initialize();
  await migrations.runMigrations();
  await migrations.destroy();

  const redisUrl = (typeof options.redisUrl === 'function' ? options.redisUrl() : options.redisUrl) ?? TEST_REDIS_URL;
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  redis.on('error', () => undefined);
  await redis.flushdb();
  const sim = await startModelSimulator({ port: 0 });
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    PUBLIC_SITE_URL: SITE_ORIGIN,
    ADMIN_PASSWORD: 'tools-test-admin-password',
    // Demo mode is one setting, the simulator's address; otherwise each provider is configured as
    // in production, with a key and its SDK's base URL (pointing at the simulator).
    ...(options.demoMode
      ? { MODEL_SIMULATOR_URL: sim.url }
      : {
          OPENAI_API_KEY: 'test-key',
          ANTHROPIC_API_KEY: 'test-key',
          GEMINI_API_KEY: 'test-key',
          XAI_API_KEY: 'test-key',
          OPENAI_BASE_URL: sim.baseUrls.openai,
          ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
          GEMINI_BASE_URL: sim.baseUrls.gemini,
          XAI_BASE_URL: sim.baseUrls.xai,
        }),
    MODEL_DEADLINE_MS: '3000',
    TOOLS_QUEUE_WAIT_MS: '5000',
    TOOLS_RATE_LIMIT: '100000',
    TOOLS_DAILY_MODEL_CALLS: '100000000',
    WORKER_CONCURRENCY: '50',
    ...(typeof options.env === 'function' ? options.env() : options.env),
  };
  const config = loadToolsConfig(env);
  const app = await listen(config);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // Dropping the database at the end ends idle clients; that is expected, not a test failure.
  db.on('error', () => undefined);
  const queue = new Queue(TOOLS_QUEUE, { connection: { url: redisUrl } });
  // Outage tests stop Redis on purpose; the harness's own clients just reconnect.
  queue.on('error', () => undefined);
  const processes = new Set<ServiceProcess>();

  const stopWorker = async (worker: WorkerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string | null> => {
    const code = await worker.stop(signal);
    processes.delete(worker);
    return code;
  };

  const startWorker = async (extraEnv: Record<string, string> = {}): Promise<WorkerProcess> => {
    const worker = startNodeProcess('worker', ENTRY.worker, { ...env, ...extraEnv });
    processes.add(worker);
    const deadline = Date.now() + 30_000;
    const registered = async () => (await queue.getWorkers()).some((client) => client.rawname?.endsWith(`:w:${workerName(worker.pid)}`));
    while (!(await registered())) {
      if (!worker.running()) throw new Error(`worker exited at start:\n${worker.output()}`);
      if (Date.now() > deadline) {
        await stopWorker(worker, 'SIGKILL');
        throw new Error(`worker did not register within 30 s:\n${worker.output()}`);
      }
      await sleep(100);
    }
    return worker;
  };

  const startApiProcess = async (port?: number, extraEnv: Record<string, string> = {}): Promise<ApiProcess> => {
    const listenPort = port ?? (await freePort());
    const api = startNodeProcess('tools API', ENTRY.toolsApi, { ...env, TOOLS_PORT: String(listenPort), ...extraEnv });
    processes.add(api);
    void api.exited.then(() => processes.delete(api));
    const url = `http://127.0.0.1:${listenPort}`;
    await waitUntilReady(`${url}/health/ready`, api);
    return { ...api, url, port: listenPort };
  };

  for (let index = 0; index < (options.workers ?? 1); index++) await startWorker();

  return {
    app: () => app,
    http: () => request(app.getHttpServer() as Server),
    baseUrl: () => {
      const address = (app.getHttpServer() as Server).address();
      return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    },
    sim,
    env,
    config,
    db,
    redis,
    queue,
    workers: () => [...processes].filter((each) => each.name === 'worker'),
    startWorker,
    stopWorker,
    startApiProcess,
    adminCookie: async () => `admin_session=${await new AdminSessionStore(redis).create()}`,
    close: async () => {
      // The API first: it lets requests still waiting finish (ToolQueue drains them), which needs the workers alive.
      // Keep-alive sockets the test clients leave open (65 s idle timeout) are cut after a short grace.
      const server = app.getHttpServer() as Server;
      const cut = setTimeout(() => server.closeAllConnections(), 2000);
      await app.close();
      clearTimeout(cut);
      await Promise.all([...processes].map((child) => child.stop('SIGKILL')));
      await queue.close();
      await sim.close();
      await db.end();
      await redis.flushdb();
      redis.disconnect();
      await dropDatabase(databaseUrl);
    },
  };
}

/** Starts the harness before a suite and closes it after. */
export function useToolsHarness(label: string, options: HarnessOptions = {}): () => ToolsHarness {
  let harness: ToolsHarness | undefined;
  beforeAll(async () => {
    harness = await startToolsHarness(label, options);
  }, 60_000);
  afterAll(async () => {
    await harness?.close();
  }, 60_000);
  return () => {
    if (!harness) throw new Error('the tools harness has not started');
    return harness;
  };
}

async function listen(config: ToolsConfig): Promise<INestApplication> {
  const app = await createToolsApp(config);
  await app.listen(0, '127.0.0.1');
  return app;
}

async function freshDatabase(label: string): Promise<string> {
  const name = `agency_test_tools_${label}_${process.pid}`.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A second tools API in this process, with extra settings, for the length of `use`. */
export async function withToolsApp(harness: ToolsHarness, env: Record<string, string>, use: (app: INestApplication) => Promise<void>): Promise<void> {
  const app = await createToolsApp(loadToolsConfig({ ...harness.env, ...env }));
  await app.listen(0, '127.0.0.1');
  try {
    await use(app);
  } finally {
    await app.close();
  }
}

/** Rows of a table, newest first. */
export async function rows<T>(harness: ToolsHarness, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await harness.db.query(sql, params)).rows as T[];
}
