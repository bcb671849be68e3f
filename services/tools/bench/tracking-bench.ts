/**
 * `make bench` (tracking part): 1,000 tracked questions due at once against the model simulator.
 * Prints how long 1, 2 and 4 worker processes take to clear the backlog, and whether the free
 * audit kept its latency meanwhile (visitors' audits through the real nginx gateway, against the
 * same audits on idle workers measured in the same run). Every process is real and separate.
 */
import http from 'node:http';
import { appendFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TOOLS_QUEUE } from '../src/jobs/tool-jobs.js';
import { TRACKED_RUN_JOB, TRACKING_QUEUE, trackingSchedulerId } from '../src/jobs/tracking-jobs.js';
import { ENTRY, startNodeProcess, waitUntilReady, type ServiceProcess } from '../test/support/service-process.js';
import { recreateSiteDatabase } from '../test/support/site-database.js';
import { startToolsGateway } from '../test/support/tools-gateway.js';

const QUESTIONS = Number(process.env.BENCH_TRACKED_QUESTIONS ?? 1000);
const PROVIDER_LATENCY_MS = Number(process.env.BENCH_TRACKING_PROVIDER_LATENCY_MS ?? 200);
/** Tracked runs one worker runs at once (TRACKING_CONCURRENCY): the service's default unless set. */
const TRACKING_CONCURRENCY = Number(process.env.BENCH_TRACKING_CONCURRENCY ?? 2);
/** Visitors' audits kept in flight while the backlog drains. */
const VISITORS = 2;
/** The free audit's latency during the backlog may be at most this much above idle (p50). */
const LATENCY_TARGET = 1.1;
const DATABASE_URL = process.env.BENCH_TRACKING_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_bench_tracking';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const PORTS = {
  gateway: Number(process.env.BENCH_GATEWAY_PORT ?? 28080),
  tools: Number(process.env.BENCH_TOOLS_PORT ?? 23002),
  sim: Number(process.env.BENCH_SIM_PORT ?? 23099),
};

const running = new Set<ServiceProcess>();

function start(name: string, entry: string, env: Record<string, string>): ServiceProcess {
  const service = startNodeProcess(name, entry, env);
  running.add(service);
  void service.exited.then((code) => {
    if (running.delete(service)) console.error(`${name} exited (${code}):\n${service.output().slice(-2000)}`);
  });
  return service;
}

async function stop(service: ServiceProcess): Promise<void> {
  running.delete(service);
  await service.stop('SIGTERM', 15_000);
}

function reportFigure(figure: { figure: string; value: string; baseline: string; target: string; met?: boolean }): void {
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ bench: 'tracking', ...figure })}\n`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
let sequence = 0;

/** One visitor's audit through the gateway; resolves to its latency in ms. */
function audit(gatewayUrl: string): Promise<number> {
  const started = performance.now();
  const body = JSON.stringify({ query: `tracking bench visitor ${sequence}`, brand: 'Quillon', email: `visitor-${sequence++}@example.com` });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${gatewayUrl}/api/llm-query`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode === 200) resolve(performance.now() - started);
          else reject(new Error(`audit answered ${response.statusCode}: ${Buffer.concat(chunks).toString().slice(0, 300)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** `VISITORS` callers keep one audit each in flight until `done` says stop; answers every latency. */
async function visitorsUntil(gatewayUrl: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      while (!done()) latencies.push(await audit(gatewayUrl));
    }),
  );
  return latencies;
}

async function startWorkers(count: number, env: Record<string, string>): Promise<ServiceProcess[]> {
  const workers = Array.from({ length: count }, (_, index) => start(`worker-${index + 1}`, ENTRY.worker, env));
  const queues = [new Queue(TOOLS_QUEUE, { connection: { url: REDIS_URL } }), new Queue(TRACKING_QUEUE, { connection: { url: REDIS_URL } })];
  const deadline = Date.now() + 30_000;
  try {
    for (const queue of queues) {
      while ((await queue.getWorkersCount()) < count) {
        if (Date.now() > deadline) throw new Error(`only ${await queue.getWorkersCount()} of ${count} workers registered on ${queue.name}`);
        await sleep(100);
      }
    }
  } finally {
    await Promise.all(queues.map((queue) => queue.close()));
  }
  return workers;
}

/** 1,000 confirmed weekly questions, each from its own visitor, with the audit it was tracked from. */
async function seedQuestions(db: pg.Client): Promise<number[]> {
  await db.query(
    `INSERT INTO llm_queries (job_id, query, brand, email, model, response, report_id, runs)
     SELECT 'bench-' || n, 'tracking bench question ' || n, 'Quillon', 'tracker-' || n || '@example.com', 'gpt-4o', '{}', 'benchreport' || lpad(n::text, 11, '0'), 3
       FROM generate_series(1, $1) n`,
    [QUESTIONS],
  );
  const { rows } = await db.query<{ id: number }>(
    `INSERT INTO tracked_questions (report_id, query, brand, email, cadence, status, manage_token, confirmed_at, schedule_pattern)
     SELECT 'benchreport' || lpad(n::text, 11, '0'), 'tracking bench question ' || n, 'Quillon', 'tracker-' || n || '@example.com', 'weekly', 'active',
            'bench-manage-token-' || n, now(), '0 9 * * 1'
       FROM generate_series(1, $1) n RETURNING id`,
    [QUESTIONS],
  );
  return rows.map((row) => row.id);
}

/** Every question comes due at the same moment: one job each, named as its scheduler names an iteration. */
async function makeDue(ids: number[], slot: number): Promise<void> {
  const queue = new Queue(TRACKING_QUEUE, { connection: { url: REDIS_URL } });
  try {
    await queue.addBulk(ids.map((id) => ({ name: TRACKED_RUN_JOB, data: { trackedQuestionId: id }, opts: { jobId: `repeat:${trackingSchedulerId(id)}:${slot}`, removeOnComplete: true } })));
  } finally {
    await queue.close();
  }
}

async function main(): Promise<void> {
  await recreateSiteDatabase(DATABASE_URL);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const db = new pg.Client({ connectionString: DATABASE_URL });
  await db.connect();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL,
    REDIS_URL,
    ADMIN_PASSWORD: 'bench-admin-password-not-for-use',
    TOOLS_PORT: String(PORTS.tools),
    TOOLS_RATE_LIMIT: '1000000',
    TOOLS_DAILY_MODEL_CALLS: '100000000',
    TOOLS_MAX_QUEUE_DEPTH: '100000',
    MODEL_DEADLINE_MS: '30000',
    TRACKING_CONCURRENCY: String(TRACKING_CONCURRENCY),
    OPENAI_API_KEY: 'bench',
    ANTHROPIC_API_KEY: 'bench',
    GEMINI_API_KEY: 'bench',
    XAI_API_KEY: 'bench',
    OPENAI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/openai/v1`,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${PORTS.sim}/anthropic`,
    GEMINI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/gemini`,
    XAI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/xai/v1`,
  };
  const sim = start('model-sim', ENTRY.modelSim, { MODEL_SIM_PORT: String(PORTS.sim), SIM_LATENCY_MS: String(PROVIDER_LATENCY_MS) });
  await waitUntilReady(`http://127.0.0.1:${PORTS.sim}/__sim/health`, sim);
  const api = start('tools', ENTRY.toolsApi, env);
  await waitUntilReady(`http://127.0.0.1:${PORTS.tools}/health/ready`, api);
  const gateway = await startToolsGateway(PORTS.tools, PORTS.gateway);
  running.add(gateway.nginx);
  const ids = await seedQuestions(db);

  console.log(
    `\nTracking benchmark: ${QUESTIONS.toLocaleString('en-GB')} tracked questions due at once; simulated providers answer in ${PROVIDER_LATENCY_MS} ms; ` +
      `each run asks 4 engines 3 times and lists the brands (13 calls); TRACKING_CONCURRENCY=${TRACKING_CONCURRENCY} per worker.`,
  );
  console.log(`Meanwhile ${VISITORS} visitors keep a free audit each in flight through the gateway (target: p50 within ×${LATENCY_TARGET} of the same audits on idle workers).`);
  console.log('\n   workers   backlog s   runs/s   audits   audit p50 ms (idle)   audit p99 ms (idle)   p50 ratio   runs failed');
  for (const count of [1, 2, 4]) {
    await db.query('DELETE FROM tracked_runs');
    await db.query('UPDATE tracked_questions SET failures_in_a_row = 0, status = $1', ['active']);
    const workers = await startWorkers(count, env);
    for (let warm = 0; warm < 3; warm++) await audit(gateway.url);
    // Idle: the same visitors with no backlog, for as many audits as the baseline needs.
    let idleCount = 0;
    const idle = await visitorsUntil(gateway.url, () => idleCount++ >= 20);
    const startedAt = performance.now();
    await makeDue(ids, Date.now());
    let cleared = false;
    const stored = async (): Promise<number> => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM tracked_runs')).rows[0]?.n ?? 0);
    const failed = async (): Promise<number> => Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM tracked_questions WHERE failures_in_a_row > 0')).rows[0]?.n ?? 0);
    const watcher = (async () => {
      while ((await stored()) + (await failed()) < QUESTIONS) await sleep(250);
      cleared = true;
    })();
    const during = await visitorsUntil(gateway.url, () => cleared);
    await watcher;
    const seconds = (performance.now() - startedAt) / 1000;
    const runsFailed = await failed();
    await Promise.all(workers.map(stop));
    const ratio = percentile(during, 50) / percentile(idle, 50);
    console.log(
      `   ${String(count).padStart(7)}   ${seconds.toFixed(1).padStart(9)}   ${(QUESTIONS / seconds).toFixed(1).padStart(6)}   ${String(during.length).padStart(6)}   ` +
        `${`${percentile(during, 50).toFixed(0)} (${percentile(idle, 50).toFixed(0)})`.padStart(19)}   ${`${percentile(during, 99).toFixed(0)} (${percentile(idle, 99).toFixed(0)})`.padStart(19)}   ` +
        `${ratio.toFixed(3).padStart(9)}   ${String(runsFailed).padStart(11)}`,
    );
    reportFigure({
      figure: `${QUESTIONS} tracked runs due at once, ${count} worker${count === 1 ? '' : 's'}: backlog time`,
      value: `${seconds.toFixed(1)} s (${(QUESTIONS / seconds).toFixed(1)} runs/s)`,
      baseline: `providers ${PROVIDER_LATENCY_MS} ms, ${TRACKING_CONCURRENCY} runs at once per worker`,
      target: '',
    });
    reportFigure({
      figure: `free audit latency during the backlog ÷ idle, ${count} worker${count === 1 ? '' : 's'} (p50)`,
      value: ratio.toFixed(3),
      baseline: `${percentile(idle, 50).toFixed(0)} ms idle, ${percentile(during, 50).toFixed(0)} ms during`,
      target: `≤ ${LATENCY_TARGET}`,
      met: ratio <= LATENCY_TARGET,
    });
  }
  console.log('   backlog s: from the moment all are due until every question has a stored run (or a counted failure).');
  await db.end();
  redis.disconnect();
  running.delete(gateway.nginx);
  await gateway.stop();
  await stop(api);
  await stop(sim);
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all([...running].map(stop));
  });
