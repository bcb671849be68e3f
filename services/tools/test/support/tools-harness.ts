import { afterAll, beforeAll } from '@jest/globals';
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import type { Server } from 'node:http';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
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
import { TOOLS_QUEUE } from '../../src/jobs/tool-jobs.js';

export const SITE_ORIGIN = 'http://localhost:8080';
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15';
const ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const repoRoot = fileURLToPath(new URL('../../../../../', import.meta.url));
const WORKER_MAIN = `${repoRoot}services/tools/dist/src/worker-main.js`;
const CONTENT_MIGRATE = `${repoRoot}services/content/dist/src/cli/migrate.js`;

export interface WorkerProcess {
  child: ChildProcess;
  /** The exit code, or the signal's name when Nest re-raised the signal after a graceful shutdown. */
  exited: Promise<number | string | null>;
  output: () => string;
}

export interface ToolsHarness {
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
  restartApi(): Promise<void>;
  adminCookie(): Promise<string>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** Extra environment for the API and the workers (a function is read when the harness starts). */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Worker processes started with the harness. */
  workers?: number;
}

/** A fresh database with the content and tools migrations, the model simulator, the tools API in-process and real worker processes. */
export async function startToolsHarness(label: string, options: HarnessOptions = {}): Promise<ToolsHarness> {
  const databaseUrl = await freshDatabase(label);
  await promisify(execFile)(process.execPath, [CONTENT_MIGRATE], { env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' } });
  const migrations = new DataSource(toolsDataSourceOptions(databaseUrl, 1));
  await migrations.initialize();
  await migrations.runMigrations();
  await migrations.destroy();

  const redis = new Redis(TEST_REDIS_URL, { maxRetriesPerRequest: null });
  await redis.flushdb();
  const sim = await startModelSimulator({ port: 0 });
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    REDIS_URL: TEST_REDIS_URL,
    PUBLIC_SITE_URL: SITE_ORIGIN,
    ADMIN_PASSWORD: 'tools-test-admin-password',
    OPENAI_API_KEY: 'test-key',
    ANTHROPIC_API_KEY: 'test-key',
    GEMINI_API_KEY: 'test-key',
    XAI_API_KEY: 'test-key',
    OPENAI_BASE_URL: sim.baseUrls.openai,
    ANTHROPIC_BASE_URL: sim.baseUrls.anthropic,
    GEMINI_BASE_URL: sim.baseUrls.gemini,
    XAI_BASE_URL: sim.baseUrls.xai,
    MODEL_DEADLINE_MS: '3000',
    TOOLS_QUEUE_WAIT_MS: '5000',
    TOOLS_RATE_LIMIT: '100000',
    WORKER_CONCURRENCY: '50',
    ...(typeof options.env === 'function' ? options.env() : options.env),
  };
  const config = loadToolsConfig(env);
  let app = await listen(config);
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const queue = new Queue(TOOLS_QUEUE, { connection: { url: TEST_REDIS_URL } });
  const workers = new Set<WorkerProcess>();

  const startWorker = async (extraEnv: Record<string, string> = {}): Promise<WorkerProcess> => {
    const before = await queue.getWorkersCount();
    const child = spawn(process.execPath, [WORKER_MAIN], {
      env: { ...process.env, ...env, ...extraEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
    const worker: WorkerProcess = { child, exited, output: () => output };
    workers.add(worker);
    const deadline = Date.now() + 20_000;
    while ((await queue.getWorkersCount()) <= before) {
      if (child.exitCode !== null) throw new Error(`worker exited at start:\n${output}`);
      if (Date.now() > deadline) throw new Error(`worker did not register within 20 s:\n${output}`);
      await sleep(100);
    }
    return worker;
  };

  const stopWorker = async (worker: WorkerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<number | string | null> => {
    if (worker.child.exitCode === null && worker.child.signalCode === null) worker.child.kill(signal);
    const code = await worker.exited;
    workers.delete(worker);
    return code;
  };

  for (let index = 0; index < (options.workers ?? 1); index++) await startWorker();

  return {
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
    workers: () => [...workers],
    startWorker,
    stopWorker,
    restartApi: async () => {
      await app.close();
      app = await listen(config);
    },
    adminCookie: async () => `admin_session=${await new AdminSessionStore(redis).create()}`,
    close: async () => {
      await Promise.all([...workers].map((worker) => stopWorker(worker, 'SIGKILL')));
      await app.close();
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

/** Rows of a table, newest first. */
export async function rows<T>(harness: ToolsHarness, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await harness.db.query(sql, params)).rows as T[];
}
