import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { AdminSessionStore } from '@agency/server-kit';
import { postAudit, type AuditOutcome } from './support/audit-load.js';
import { ENTRY, freePort, startNodeProcess, waitUntilReady, type ServiceProcess } from './support/service-process.js';
import { startThrowawayRedis, type ThrowawayRedis } from './support/throwaway-redis.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

const OUTAGE_MS = 10_000;
const MODEL_LATENCY_MS = 1500;

let redis: ThrowawayRedis;
beforeAll(async () => {
  redis = await startThrowawayRedis();
}, 30_000);

// Callers wait up to 28 s, so that jobs accepted before a 10 s outage can still answer them.
const harness = useToolsHarness('redisoutage', {
  workers: 1,
  redisUrl: () => redis.url,
  env: { MODEL_DEADLINE_MS: '3000', TOOLS_QUEUE_WAIT_MS: '25000', WORKER_CONCURRENCY: '2' },
});

let content: ServiceProcess & { url: string };
beforeAll(async () => {
  const port = await freePort();
  const child = startNodeProcess('content', ENTRY.content, {
    ...harness().env,
    UNSUBSCRIBE_SECRET: randomBytes(32).toString('hex'),
    CONTENT_PORT: String(port),
    TOOLS_INTERNAL_URL: harness().baseUrl(),
  });
  content = Object.assign(child, { url: `http://127.0.0.1:${port}` });
  await waitUntilReady(`${content.url}/health/ready`, content, 60_000);
}, 90_000);

afterAll(async () => {
  await content?.stop();
  await redis?.destroy();
}, 30_000);

interface Probe {
  what: string;
  status: number | string;
  ms: number;
  body: unknown;
}

async function probe(what: string, url: string, init: RequestInit = {}): Promise<Probe> {
  const started = performance.now();
  try {
    const response = await fetch(url, { ...init, signal: AbortSignal.timeout(5000) });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // kept as text
    }
    return { what, status: response.status, ms: performance.now() - started, body };
  } catch (error) {
    return { what, status: String(error), ms: performance.now() - started, body: undefined };
  }
}

describe('Redis stopped for 10 seconds and started again', () => {
  it('answers 503 JSON within a second while it is down, reports it, and recovers without a restart or a lost job', async () => {
    const cookie = `admin_session=${await new AdminSessionStore(harness().redis).create()}`;
    const adminRead = () => probe('content admin read', `${content.url}/api/admin/blog-posts`, { headers: { cookie } });
    const audit = () =>
      probe('tools audit', `${harness().baseUrl()}/api/llm-query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'during the outage', email: 'outage@example.com' }),
      });
    expect((await adminRead()).status).toBe(200);
    harness().sim.setConfig({ default: { latencyMs: MODEL_LATENCY_MS } });

    // Six jobs accepted just before the outage: two running (WORKER_CONCURRENCY 2), four waiting.
    const queries = Array.from({ length: 6 }, (_, index) => `accepted before the outage ${index}`);
    const accepted: Promise<AuditOutcome>[] = queries.map((query) => postAudit(harness().baseUrl(), query));
    const deadline = Date.now() + 10_000;
    while ((await harness().queue.getJobCountByTypes('active', 'waiting')) < 6 || harness().sim.stats().openai.received < 2) {
      if (Date.now() > deadline) throw new Error('the six jobs were not queued in time');
      await sleep(20);
    }
    const workersBefore = (await harness().queue.getWorkers()).length;
    await redis.stop();
    const downAt = performance.now();

    const probes: Probe[] = [];
    while (performance.now() - downAt < OUTAGE_MS) {
      probes.push(
        ...(await Promise.all([
          audit(),
          probe('tools readiness', `${harness().baseUrl()}/health/ready`),
          adminRead(),
          probe('content readiness', `${content.url}/health/ready`),
          probe('public blog (Postgres only)', `${content.url}/api/blog-posts`),
        ])),
      );
      await sleep(500);
    }
    await redis.start();
    const upAt = performance.now();

    for (const result of probes.filter((entry) => entry.what !== 'public blog (Postgres only)')) {
      expect({ what: result.what, status: result.status, fast: result.ms < 1000 }).toEqual({ what: result.what, status: 503, fast: true });
      expect(result.body).toMatchObject({ statusCode: 503, message: expect.any(String), error: 'Service Unavailable' });
    }
    for (const result of probes.filter((entry) => entry.what.endsWith('readiness'))) {
      expect(result.body).toMatchObject({ message: expect.stringContaining('redis') });
    }
    expect(probes.filter((entry) => entry.what.startsWith('public') && entry.status !== 200)).toEqual([]);

    // Both services and the worker come back by themselves: the same processes, no restart.
    const recoveredAfter: Record<string, number> = {};
    for (const [what, attempt] of [
      ['tools ready', () => probe('tools readiness', `${harness().baseUrl()}/health/ready`)],
      ['content admin read', adminRead],
      // Queued behind the jobs accepted before the outage, two at a time.
      ['new audit answered', audit],
    ] as const) {
      while ((await attempt()).status !== 200) {
        if (performance.now() - upAt > 20_000) throw new Error(`${what} did not recover within 20 s`);
        await sleep(100);
      }
      recoveredAfter[what] = Math.round(performance.now() - upAt);
    }
    expect(content.running()).toBe(true);
    expect((await harness().queue.getWorkers()).length).toBe(workersBefore);

    // Every job accepted before the outage finished, and its caller got the answer.
    const outcomes = await Promise.all(accepted);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(Array(6).fill(200));
    const stored = await rows<{ query: string }>(harness(), `SELECT query FROM llm_queries WHERE query LIKE 'accepted before the outage %'`);
    expect(stored.map((row) => row.query).sort()).toEqual(queries);
    console.log(
      `faults: Redis down ${Math.round(upAt - downAt)} ms: ${probes.length} probes, slowest 503 ${Math.round(Math.max(...probes.map((entry) => entry.ms)))} ms; ` +
        `recovered after ${JSON.stringify(recoveredAfter)} ms; ${workersBefore} worker kept running; the 6 jobs accepted before the outage all answered 200 ` +
        `(slowest ${Math.round(Math.max(...outcomes.map((outcome) => outcome.ms)))} ms)`,
    );
  }, 90_000);

  it('says loudly at start-up that a Redis which may evict keys can lose queued jobs', async () => {
    const evicting = await startThrowawayRedis({ maxmemoryPolicy: 'allkeys-lru' });
    try {
      const api = await harness().startApiProcess(undefined, { REDIS_URL: evicting.url });
      const deadline = Date.now() + 15_000;
      while (!/maxmemory-policy is "allkeys-lru"/.test(api.output()) && Date.now() < deadline) await sleep(100);
      await api.stop();
      expect(api.output()).toMatch(/ERROR.*Redis maxmemory-policy is "allkeys-lru": queued jobs can be evicted and lost\. Set maxmemory-policy noeviction\./);
    } finally {
      await evicting.destroy();
    }
  }, 60_000);
});
