/**
 * `make bench` (tools part): audit latency through the real nginx gateway against the slowest
 * simulated provider, and throughput of 1, 2 and 4 worker processes against the ideal
 * (workers × concurrency ÷ latency). Every process is real and separate: model simulator,
 * tools API, workers, nginx. Prints each figure beside its baseline and target.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { TOOLS_QUEUE } from '../src/jobs/tool-jobs.js';

const repoRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const PROVIDER_LATENCY_MS = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 1000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const PORTS = { gateway: 28080, tools: 23002, sim: 23099, unused: 23001 };
const nginxPath = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

const children = new Set<ChildProcess>();

function start(name: string, script: string, env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [`${repoRoot}${script}`], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  child.once('exit', (code, signal) => {
    if (children.has(child)) console.error(`${name} exited (${code ?? signal}):\n${errors}`);
    children.delete(child);
  });
  children.add(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  children.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function waitFor(url: string, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(1000) })).ok) return;
    } catch {
      // not yet
    }
    await sleep(100);
  }
  throw new Error(`${what} did not become ready at ${url}`);
}

async function freshDatabase(): Promise<void> {
  const url = new URL(DATABASE_URL);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: url.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
  await admin.end();
  const run = promisify(execFile);
  await run(process.execPath, [`${repoRoot}services/content/dist/src/cli/migrate.js`], { env: { ...process.env, DATABASE_URL } });
  await run(process.execPath, [`${repoRoot}services/tools/dist/src/cli/migrate.js`], { env: { ...process.env, DATABASE_URL } });
}

async function startGateway(): Promise<{ url: string; stop(): Promise<void> }> {
  const dir = mkdtempSync(`${tmpdir()}/bench-gateway-`);
  chmodSync(dir, 0o755);
  mkdirSync(`${dir}/static`);
  await promisify(execFile)('bash', [`${repoRoot}infra/scripts/render-gateway.sh`, `${dir}/nginx`], {
    env: {
      ...process.env,
      NGINX_LISTEN_PORT: String(PORTS.gateway),
      CONTENT_UPSTREAM: `127.0.0.1:${PORTS.unused}`,
      WEB_UPSTREAM: `127.0.0.1:${PORTS.unused}`,
      TOOLS_UPSTREAM: `127.0.0.1:${PORTS.tools}`,
      STATIC_ROOT: `${dir}/static`,
    },
  });
  const nginx = spawn(nginxPath, ['-p', `${dir}/nginx/`, '-c', `${dir}/nginx/nginx.conf`, '-e', 'stderr', '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  const url = `http://127.0.0.1:${PORTS.gateway}`;
  await waitFor(`${url}/api/health`, 'nginx').catch(() => undefined);
  await sleep(300);
  return {
    url,
    stop: async () => {
      nginx.kill('SIGTERM');
      await sleep(300);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

let sequence = 0;
async function audit(gatewayUrl: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${gatewayUrl}/api/llm-query`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ query: `benchmark query ${sequence++}`, email: 'bench@example.com' }),
  });
  const body = (await response.json()) as { responses?: Record<string, string> };
  if (response.status !== 200 || Object.keys(body.responses ?? {}).length !== 4) {
    throw new Error(`audit answered ${response.status}: ${JSON.stringify(body).slice(0, 300)}`);
  }
  return performance.now() - started;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function startWorkers(count: number, concurrency: number, env: Record<string, string>): Promise<ChildProcess[]> {
  const workers = Array.from({ length: count }, (_, index) =>
    start(`worker-${index + 1}`, 'services/tools/dist/src/worker-main.js', { ...env, WORKER_CONCURRENCY: String(concurrency) }),
  );
  const queue = new Queue(TOOLS_QUEUE, { connection: { url: REDIS_URL } });
  const deadline = Date.now() + 30_000;
  while ((await queue.getWorkersCount()) < count) {
    if (Date.now() > deadline) throw new Error(`only ${await queue.getWorkersCount()} of ${count} workers registered`);
    await sleep(100);
  }
  await queue.close();
  return workers;
}

async function main(): Promise<void> {
  await freshDatabase();
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
  const env = {
    NODE_ENV: 'production',
    DATABASE_URL,
    REDIS_URL,
    ADMIN_PASSWORD: 'bench-admin-password-not-for-use',
    UNSUBSCRIBE_SECRET: 'bench-unsubscribe-secret',
    TOOLS_PORT: String(PORTS.tools),
    TOOLS_RATE_LIMIT: '1000000',
    TOOLS_MAX_QUEUE_DEPTH: '100000',
    MODEL_DEADLINE_MS: '30000',
    OPENAI_API_KEY: 'bench',
    ANTHROPIC_API_KEY: 'bench',
    GEMINI_API_KEY: 'bench',
    XAI_API_KEY: 'bench',
    OPENAI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/openai/v1`,
    ANTHROPIC_BASE_URL: `http://127.0.0.1:${PORTS.sim}/anthropic`,
    GEMINI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/gemini`,
    XAI_BASE_URL: `http://127.0.0.1:${PORTS.sim}/xai/v1`,
  };
  start('model-sim', 'services/model-sim/dist/src/main.js', { MODEL_SIM_PORT: String(PORTS.sim), SIM_LATENCY_MS: String(PROVIDER_LATENCY_MS) });
  await waitFor(`http://127.0.0.1:${PORTS.sim}/__sim/health`, 'model simulator');
  start('tools', 'services/tools/dist/src/main.js', env);
  await waitFor(`http://127.0.0.1:${PORTS.tools}/health/ready`, 'tools API');
  const gateway = await startGateway();

  console.log(`\nAudit benchmark: every simulated provider answers in ${PROVIDER_LATENCY_MS} ms (the slowest provider's latency is the baseline).`);
  console.log('\n1. End-to-end audit latency through the gateway ÷ slowest provider latency (targets: p50 ≤ 1.03, p99 ≤ 1.10)');
  console.log('   concurrent   samples   p50 ms   p99 ms   p50 ratio   p99 ratio');
  let workers = await startWorkers(2, 100, env);
  for (let warm = 0; warm < 5; warm++) await audit(gateway.url);
  for (const [concurrency, rounds] of [
    [1, 30],
    [10, 6],
    [100, 3],
  ] as const) {
    const samples: number[] = [];
    for (let round = 0; round < rounds; round++) {
      samples.push(...(await Promise.all(Array.from({ length: concurrency }, () => audit(gateway.url)))));
    }
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    console.log(
      `   ${String(concurrency).padStart(10)}   ${String(samples.length).padStart(7)}   ${p50.toFixed(0).padStart(6)}   ${p99.toFixed(0).padStart(6)}   ${(p50 / PROVIDER_LATENCY_MS).toFixed(3).padStart(9)}   ${(p99 / PROVIDER_LATENCY_MS).toFixed(3).padStart(9)}`,
    );
  }
  await Promise.all(workers.map(stop));

  const perWorker = 10;
  console.log(`\n2. Throughput with N worker processes (WORKER_CONCURRENCY=${perWorker}) ÷ ideal N × ${perWorker} ÷ ${PROVIDER_LATENCY_MS / 1000} s (target ≥ 0.9)`);
  console.log('   workers   audits   seconds   audits/s   ideal/s   ratio');
  for (const count of [1, 2, 4]) {
    workers = await startWorkers(count, perWorker, env);
    const slots = count * perWorker;
    const total = slots * 5;
    let next = 0;
    const started = performance.now();
    // Twice as many callers as worker slots keep the queue from ever running dry.
    await Promise.all(
      Array.from({ length: slots * 2 }, async () => {
        while (next < total) {
          next++;
          await audit(gateway.url);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = total / seconds;
    const ideal = slots / (PROVIDER_LATENCY_MS / 1000);
    console.log(
      `   ${String(count).padStart(7)}   ${String(total).padStart(6)}   ${seconds.toFixed(2).padStart(7)}   ${rate.toFixed(1).padStart(8)}   ${ideal.toFixed(1).padStart(7)}   ${(rate / ideal).toFixed(3).padStart(5)}`,
    );
    await Promise.all(workers.map(stop));
  }

  await gateway.stop();
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all([...children].map(stop));
  });
