/**
 * `make reliability`: the long fault-suite cases, with every process real and separate (model
 * simulator, tools API, worker processes, nginx gateway, a Redis of its own) and the shared Postgres.
 *
 * 1. Load: rounds of 200 concurrent audits through the gateway, providers answering in 2 s, four
 *    worker processes. Pass: every audit answered 200 with four answers, each stored once, none
 *    lost, and p99 latency ≤ 1.25 × the slowest provider's latency.
 * 2. Soak: steady audits for RELIABILITY_SOAK_MINUTES (10) once the bounded stores are full (the
 *    completed-job retention); the resident memory of every process and Redis's used_memory are
 *    sampled, and a least-squares slope is fitted to each. Pass: no slope above 1 MiB per minute,
 *    every audit answered and stored.
 *
 * Settings: RELIABILITY_SOAK_MINUTES, RELIABILITY_LOAD_ROUNDS (3), RELIABILITY_PROVIDER_LATENCY_MS
 * (2000), RELIABILITY_DATABASE_URL (postgres://postgres@127.0.0.1:5432/agency_reliability; dropped
 * and recreated).
 */
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TOOL_JOB_OPTIONS, TOOLS_QUEUE, workerName } from '../src/jobs/tool-jobs.js';
import { percentile, postAudit, steadyAuditLoad, type AuditOutcome } from '../test/support/audit-load.js';
import { ENTRY, freePort, startNodeProcess, waitUntilReady, type ServiceProcess } from '../test/support/service-process.js';
import { recreateSiteDatabase } from '../test/support/site-database.js';
import { startThrowawayRedis, type ThrowawayRedis } from '../test/support/throwaway-redis.js';
import { startToolsGateway, type ToolsGateway } from '../test/support/tools-gateway.js';

const SOAK_MINUTES = Number(process.env.RELIABILITY_SOAK_MINUTES ?? 10);
const LOAD_ROUNDS = Number(process.env.RELIABILITY_LOAD_ROUNDS ?? 3);
const PROVIDER_LATENCY_MS = Number(process.env.RELIABILITY_PROVIDER_LATENCY_MS ?? 2000);
const DATABASE_URL = process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_reliability';
const WORKERS = 4;
const CONCURRENT_AUDITS = 200;
const P99_LIMIT_RATIO = 1.25;
/** The soak's providers are faster, so that more requests pass through every process. */
const SOAK_PROVIDER_LATENCY_MS = 500;
const SOAK_CLIENTS = 32;
const SAMPLE_EVERY_MS = 10_000;
const MAX_SLOPE_MIB_PER_MINUTE = 1;
const MAX_WARM_UP_MS = 6 * 60_000;
const MiB = 1024 * 1024;

interface Stack {
  redis: ThrowawayRedis;
  redisClient: Redis;
  queue: Queue;
  sim: ServiceProcess & { url: string };
  api: ServiceProcess;
  workers: ServiceProcess[];
  gateway: ToolsGateway;
  db: pg.Pool;
}

const problems: string[] = [];
function check(condition: boolean, problem: string): void {
  if (!condition) problems.push(problem);
}

async function startStack(): Promise<Stack> {
  await recreateSiteDatabase(DATABASE_URL);
  const redis = await startThrowawayRedis();
  const simPort = await freePort();
  const sim = Object.assign(startNodeProcess('model simulator', ENTRY.modelSim, { MODEL_SIM_PORT: String(simPort), SIM_LATENCY_MS: String(PROVIDER_LATENCY_MS) }), {
    url: `http://127.0.0.1:${simPort}`,
  });
  await waitUntilReady(`${sim.url}/__sim/health`, sim);
  const toolsPort = await freePort();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL,
    REDIS_URL: redis.url,
    ADMIN_PASSWORD: 'reliability-admin-password-not-for-use',
    TOOLS_PORT: String(toolsPort),
    TOOLS_RATE_LIMIT: '1000000',
    TOOLS_DAILY_MODEL_CALLS: '100000000',
    TOOLS_MAX_QUEUE_DEPTH: '100000',
    MODEL_DEADLINE_MS: '30000',
    ...Object.fromEntries(
      (['openai', 'anthropic', 'gemini', 'xai'] as const).flatMap((id) => [
        [`${id.toUpperCase()}_API_KEY`, 'reliability'],
        [`${id.toUpperCase()}_BASE_URL`, `${sim.url}/${id === 'openai' || id === 'xai' ? `${id}/v1` : id}`],
      ]),
    ),
  };
  const api = startNodeProcess('tools API', ENTRY.toolsApi, env);
  await waitUntilReady(`http://127.0.0.1:${toolsPort}/health/ready`, api);
  const workers = Array.from({ length: WORKERS }, (_, index) => startNodeProcess(`worker ${index + 1}`, ENTRY.worker, env));
  const queue = new Queue(TOOLS_QUEUE, { connection: { url: redis.url } });
  queue.on('error', () => undefined);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const names = (await queue.getWorkers()).map((client) => client.rawname);
    if (workers.every((worker) => names.some((name) => name?.endsWith(`:w:${workerName(worker.pid)}`)))) break;
    const dead = workers.find((worker) => !worker.running());
    if (dead) throw new Error(`${dead.name} exited at start:\n${dead.output()}`);
    if (Date.now() > deadline) throw new Error('the workers did not register within 60 s');
    await sleep(200);
  }
  const gateway = await startToolsGateway(toolsPort);
  const redisClient = new Redis(redis.url);
  const db = new pg.Pool({ connectionString: DATABASE_URL, max: 2 });
  return { redis, redisClient, queue, sim, api, workers, gateway, db };
}

async function stopStack(stack: Partial<Stack>): Promise<void> {
  await stack.gateway?.stop();
  const children = [stack.api, ...(stack.workers ?? []), stack.sim].filter((child) => child !== undefined);
  await Promise.all(children.map((child) => child.stop('SIGTERM', 20_000)));
  await stack.queue?.close();
  stack.redisClient?.disconnect();
  await stack.db?.end();
  await stack.redis?.destroy();
}

async function setProviderLatency(stack: Stack, latencyMs: number): Promise<void> {
  const response = await fetch(`${stack.sim.url}/__sim/config`, { method: 'PUT', body: JSON.stringify({ default: { latencyMs } }) });
  if (!response.ok) throw new Error(`the simulator refused its config: ${response.status}`);
}

function describeFailures(outcomes: AuditOutcome[]): string {
  const seen = new Map<string, number>();
  for (const outcome of outcomes.filter((entry) => !isCompleteAnswer(entry))) {
    const key = `${outcome.status} ${JSON.stringify(outcome.body).slice(0, 200)}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return [...seen].map(([key, count]) => `${count} × ${key}`).join('; ');
}

function gatewayErrors(stack: Stack): string {
  const lines = stack.gateway.nginx.output().split('\n').filter((line) => /\[(error|warn|crit)\]/.test(line));
  return lines.slice(-10).join('\n');
}

function isCompleteAnswer(outcome: AuditOutcome): boolean {
  const body = outcome.body as { query?: unknown; responses?: Record<string, unknown> };
  return outcome.status === 200 && body.query === outcome.query && Object.keys(body.responses ?? {}).length === 4;
}

async function storedCount(stack: Stack, prefix: string): Promise<{ rows: number; distinct: number }> {
  const { rows } = await stack.db.query<{ rows: string; distinct: string }>(
    'SELECT count(*) AS rows, count(DISTINCT query) AS distinct FROM llm_queries WHERE query LIKE $1',
    [`${prefix} %`],
  );
  return { rows: Number(rows[0]?.rows), distinct: Number(rows[0]?.distinct) };
}

async function loadTest(stack: Stack): Promise<void> {
  console.log(`\n1. Load: ${LOAD_ROUNDS} rounds of ${CONCURRENT_AUDITS} concurrent audits through the gateway, providers ${PROVIDER_LATENCY_MS} ms, ${WORKERS} workers`);
  await Promise.all(Array.from({ length: 8 }, (_, index) => postAudit(stack.gateway.url, `warm-up ${index}`)));
  const outcomes: AuditOutcome[] = [];
  const cpuBefore = cpuSeconds(stack);
  for (let round = 1; round <= LOAD_ROUNDS; round++) {
    const results = await Promise.all(
      Array.from({ length: CONCURRENT_AUDITS }, (_, index) => postAudit(stack.gateway.url, `load ${round}-${index}`)),
    );
    outcomes.push(...results);
    const latencies = results.map((outcome) => outcome.ms);
    console.log(`   round ${round}: ${results.filter(isCompleteAnswer).length}/${results.length} answered, p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms`);
  }
  const cpuAfter = cpuSeconds(stack);
  const cpuPerAudit = Object.entries(cpuAfter).map(([name, seconds]) => `${name} ${(((seconds - (cpuBefore[name] ?? 0)) / outcomes.length) * 1000).toFixed(1)}`);
  // A burst fits the p99 limit only if its CPU work fits in the slack the limit leaves, on every core.
  const budgetMs = (cpus().length * (P99_LIMIT_RATIO - 1) * PROVIDER_LATENCY_MS) / CONCURRENT_AUDITS;
  console.log(`   CPU ms per audit: ${cpuPerAudit.join(', ')} (the p99 limit leaves about ${budgetMs.toFixed(1)} ms per audit on ${cpus().length} cores)`);
  const answered = outcomes.filter(isCompleteAnswer).length;
  const stored = await storedCount(stack, 'load');
  const p99 = percentile(outcomes.map((outcome) => outcome.ms), 99);
  const ratio = p99 / PROVIDER_LATENCY_MS;
  console.log(`   ${outcomes.length} audits: ${answered} answered with four answers, ${stored.rows} stored (${stored.distinct} distinct)`);
  console.log(`   p99 ${Math.round(p99)} ms = ${ratio.toFixed(3)} × the slowest provider (limit ${P99_LIMIT_RATIO})`);
  check(answered === outcomes.length, `load: ${outcomes.length - answered} audits were not answered in full: ${describeFailures(outcomes)}`);
  if (answered !== outcomes.length) console.log(`   gateway errors:\n${gatewayErrors(stack)}`);
  check(stored.rows === outcomes.length && stored.distinct === outcomes.length, `load: ${stored.rows} records for ${outcomes.length} audits`);
  check(ratio <= P99_LIMIT_RATIO, `load: p99 is ${ratio.toFixed(3)} × the provider latency (limit ${P99_LIMIT_RATIO})`);
  const failed = await stack.queue.getFailed();
  check(failed.length === 0, `load: ${failed.length} jobs failed: ${[...new Set(failed.map((job) => job.failedReason))].join('; ')}`);
}

/** CPU time (user + system) each part of the stack has used so far, in seconds. */
function cpuSeconds(stack: Stack): Record<string, number> {
  const of = (pids: number[]) =>
    pids.reduce((sum, pid) => {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return sum + (Number(fields[11]) + Number(fields[12])) / 100;
    }, 0);
  return {
    'tools API': of([stack.api.pid]),
    workers: of(stack.workers.map((worker) => worker.pid)),
    'model simulator': of([stack.sim.pid]),
    nginx: of(stack.gateway.pids()),
  };
}

interface Series {
  name: string;
  read: () => Promise<number | undefined>;
  samples: { minute: number; bytes: number }[];
}

function residentBytes(pids: number[]): number | undefined {
  let total = 0;
  for (const pid of pids) {
    try {
      const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (!match) return undefined;
      total += Number(match[1]) * 1024;
    } catch {
      return undefined;
    }
  }
  return total;
}

/** Least-squares slope of y over x. */
function slope(points: { minute: number; bytes: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, point) => sum + point.minute, 0) / n;
  const meanY = points.reduce((sum, point) => sum + point.bytes, 0) / n;
  const covariance = points.reduce((sum, point) => sum + (point.minute - meanX) * (point.bytes - meanY), 0);
  const variance = points.reduce((sum, point) => sum + (point.minute - meanX) ** 2, 0);
  return variance === 0 ? 0 : covariance / variance;
}

async function soakTest(stack: Stack): Promise<void> {
  await setProviderLatency(stack, SOAK_PROVIDER_LATENCY_MS);
  const retention = TOOL_JOB_OPTIONS.removeOnComplete.count;
  console.log(`\n2. Soak: ${SOAK_CLIENTS} clients sending audits one after another, providers ${SOAK_PROVIDER_LATENCY_MS} ms`);
  const load = steadyAuditLoad(stack.gateway.url, SOAK_CLIENTS, 'soak');
  const warmUpStarted = performance.now();
  while ((await stack.queue.getCompletedCount()) < retention && performance.now() - warmUpStarted < MAX_WARM_UP_MS) await sleep(2000);
  const warmUpSeconds = (performance.now() - warmUpStarted) / 1000;
  console.log(`   warm-up ${warmUpSeconds.toFixed(0)} s: the completed-job retention holds ${await stack.queue.getCompletedCount()} of ${retention} jobs`);

  const series: Series[] = [
    { name: 'tools API', read: () => Promise.resolve(residentBytes([stack.api.pid])), samples: [] },
    ...stack.workers.map((worker) => ({ name: worker.name, read: () => Promise.resolve(residentBytes([worker.pid])), samples: [] })),
    { name: 'model simulator', read: () => Promise.resolve(residentBytes([stack.sim.pid])), samples: [] },
    { name: 'nginx (master + workers)', read: () => Promise.resolve(residentBytes(stack.gateway.pids())), samples: [] },
    { name: 'Redis used_memory', read: async () => Number(/used_memory:(\d+)/.exec(await stack.redisClient.info('memory'))?.[1]), samples: [] },
  ];
  const started = performance.now();
  const sentBefore = load.outcomes.length;
  while (performance.now() - started < SOAK_MINUTES * 60_000) {
    const minute = (performance.now() - started) / 60_000;
    for (const entry of series) {
      const bytes = await entry.read();
      if (bytes !== undefined && Number.isFinite(bytes)) entry.samples.push({ minute, bytes });
    }
    await sleep(SAMPLE_EVERY_MS);
  }
  const outcomes = await load.stop();
  const soakMinutes = (performance.now() - started) / 60_000;
  const during = outcomes.length - sentBefore;
  console.log(`   measured ${soakMinutes.toFixed(1)} min, ${series[0]?.samples.length ?? 0} samples each; ${during} audits in that time (${(during / soakMinutes / 60).toFixed(1)}/s), ${outcomes.length} in all`);
  console.log('   process                      start MiB   end MiB   min MiB   max MiB   slope MiB/min');
  for (const entry of series) {
    const values = entry.samples.map((sample) => sample.bytes / MiB);
    const perMinute = slope(entry.samples) / MiB;
    console.log(
      `   ${entry.name.padEnd(27)} ${(values[0] ?? NaN).toFixed(1).padStart(9)} ${(values.at(-1) ?? NaN).toFixed(1).padStart(9)} ${Math.min(...values).toFixed(1).padStart(9)} ${Math.max(...values).toFixed(1).padStart(9)} ${perMinute.toFixed(3).padStart(15)}`,
    );
    check(entry.samples.length >= 3, `soak: too few samples of ${entry.name}`);
    check(perMinute <= MAX_SLOPE_MIB_PER_MINUTE, `soak: ${entry.name} grows ${perMinute.toFixed(2)} MiB per minute (limit ${MAX_SLOPE_MIB_PER_MINUTE})`);
  }
  const answered = outcomes.filter(isCompleteAnswer).length;
  const stored = await storedCount(stack, 'soak');
  console.log(`   ${outcomes.length} soak audits: ${answered} answered, ${stored.rows} stored`);
  check(answered === outcomes.length, `soak: ${outcomes.length - answered} audits were not answered in full: ${describeFailures(outcomes)}`);
  if (answered !== outcomes.length) console.log(`   gateway errors:\n${gatewayErrors(stack)}`);
  check(stored.rows === outcomes.length, `soak: ${stored.rows} records for ${outcomes.length} audits`);
}

async function main(): Promise<void> {
  const stack: Partial<Stack> = {};
  const stop = (): Promise<void> => stopStack(stack);
  process.once('SIGINT', () => void stop().finally(() => process.exit(130)));
  try {
    Object.assign(stack, await startStack());
    await loadTest(stack as Stack);
    // 0 skips the soak (a quick check of the load case while developing).
    if (SOAK_MINUTES > 0) await soakTest(stack as Stack);
  } finally {
    await stop();
  }
  if (problems.length > 0) {
    console.error(`\nReliability run FAILED:\n  - ${problems.join('\n  - ')}`);
    process.exitCode = 1;
  } else {
    console.log('\nReliability run passed.');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
});
