/**
 * `make bench` (tools part): audit latency through the real nginx gateway against the slowest
 * simulated provider, and throughput of 1, 2 and 4 worker processes against the ideal
 * (workers × concurrency ÷ latency). Every process is real and separate: model simulator,
 * tools API, workers, nginx. Prints each figure beside its baseline and target.
 */
import http from 'node:http';
import { appendFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import pg from 'pg';
import { TOOLS_QUEUE } from '../src/jobs/tool-jobs.js';
import { ENTRY, startNodeProcess, waitUntilReady, type ServiceProcess } from '../test/support/service-process.js';
import { recreateSiteDatabase } from '../test/support/site-database.js';
import { startToolsGateway } from '../test/support/tools-gateway.js';
import { machineBusyCpuMs, parentPid, peakMemoryDuring, sampleProcessTree } from './process-stats.js';

const PROVIDER_LATENCY_MS = Number(process.env.BENCH_PROVIDER_LATENCY_MS ?? 1000);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/agency_bench';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const PORTS = {
  gateway: Number(process.env.BENCH_GATEWAY_PORT ?? 28080),
  tools: Number(process.env.BENCH_TOOLS_PORT ?? 23002),
  sim: Number(process.env.BENCH_SIM_PORT ?? 23099),
};
/** BENCH_AUDIT_ONLY=tracing runs only the tracing overhead part (3). */
const ONLY_TRACING = process.env.BENCH_AUDIT_ONLY === 'tracing';

/** BENCH_PROFILE_DIR=/tmp/x profiles the tools API and workers; see cpu-profile-preload.ts. */
const serviceNodeArgs = process.env.BENCH_PROFILE_DIR ? ['--import', fileURLToPath(new URL('./cpu-profile-preload.js', import.meta.url))] : [];
/** The services this run started and has not stopped: one that exits on its own is reported. */
const running = new Set<ServiceProcess>();

function start(name: string, entry: string, env: Record<string, string>): ServiceProcess {
  const service = startNodeProcess(name, entry, env, serviceNodeArgs);
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

/**
 * The Redis server's and Postgres's process ids when they run on this machine (their CPU per audit
 * is printed too); left out when either is elsewhere.
 */
async function storePids(): Promise<Record<string, number>> {
  const pids: Record<string, number> = {};
  const redis = new Redis(REDIS_URL);
  try {
    const pid = Number(/process_id:(\d+)/.exec(await redis.info('server'))?.[1]);
    if (parentPid(pid) !== undefined) pids['Redis'] = pid;
  } finally {
    redis.disconnect();
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    // A backend's parent is the postmaster, whose children are every Postgres process.
    const postmaster = parentPid(Number(rows[0]?.pid));
    if (postmaster !== undefined) pids['Postgres (all processes)'] = postmaster;
  } finally {
    await client.end();
  }
  return pids;
}

async function redisUsedMemoryMb(): Promise<number> {
  const redis = new Redis(REDIS_URL);
  try {
    const info = await redis.info('memory');
    return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN) / 1024 / 1024;
  } finally {
    redis.disconnect();
  }
}

/** A keep-alive client that costs the shared CPUs less than fetch, so the load generator disturbs the figures less. */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });

let sequence = 0;
function audit(gatewayUrl: string): Promise<number> {
  const started = performance.now();
  // Distinct visitors, as in real traffic: each audit records its own subscriber.
  const body = JSON.stringify({ query: `benchmark query ${sequence}`, email: `bench-${sequence++}@example.com` });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${gatewayUrl}/api/llm-query`,
      { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          const answered = response.statusCode === 200 && Object.keys((JSON.parse(text) as { responses?: object }).responses ?? {}).length === 4;
          if (answered) resolve(performance.now() - started);
          else reject(new Error(`audit answered ${response.statusCode}: ${text.slice(0, 300)}`));
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

interface LoadResult {
  /** Latencies of the audits that started after the first provider-latency period. */
  latenciesMs: number[];
  /** Audits per second finished during the measured window. */
  auditsPerSecond: number;
  /** Every audit the round finished, the unmeasured first period included. */
  completed: number;
}

/**
 * `clients` callers keep one audit each in flight, back to back, for `seconds`. Each starts at a
 * random moment within the first provider-latency period, as real visitors do, so "N concurrent"
 * means N in flight at any time rather than N arriving in the same millisecond; the first
 * period is not measured.
 */
async function steadyLoad(gatewayUrl: string, clients: number, seconds: number): Promise<LoadResult> {
  const startedAt = performance.now();
  const measureFrom = startedAt + PROVIDER_LATENCY_MS;
  const stopAt = startedAt + seconds * 1000;
  const latenciesMs: number[] = [];
  let finishedInWindow = 0;
  let completed = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      await sleep(Math.random() * PROVIDER_LATENCY_MS);
      while (performance.now() < stopAt) {
        const begun = performance.now();
        const latency = await audit(gatewayUrl);
        completed++;
        if (begun >= measureFrom) latenciesMs.push(latency);
        const finished = performance.now();
        if (finished >= measureFrom && finished <= stopAt) finishedInWindow++;
      }
    }),
  );
  return { latenciesMs, auditsPerSecond: finishedInWindow / ((stopAt - measureFrom) / 1000), completed };
}

/** N audits sent in the same millisecond: the worst case, shown beside the steady figures. */
async function burst(gatewayUrl: string, clients: number, rounds: number): Promise<number[]> {
  const latencies: number[] = [];
  for (let round = 0; round < rounds; round++) latencies.push(...(await Promise.all(Array.from({ length: clients }, () => audit(gatewayUrl)))));
  return latencies;
}

/**
 * Adds a headline figure to `make bench`'s summary: one JSON line in BENCH_RESULTS_FILE, the
 * format bench/src/support/bench-report.ts reads (this script runs on its own too).
 */
function reportFigure(figure: { figure: string; value: string; baseline: string; target: string; met?: boolean }): void {
  const file = process.env.BENCH_RESULTS_FILE;
  if (file) appendFileSync(file, `${JSON.stringify({ bench: 'audit', ...figure })}\n`);
}

/**
 * Where an audit's time goes, from the timestamps BullMQ keeps on each finished job: waiting in
 * the queue (added → taken by a worker) and in the worker (taken → finished, the providers and the
 * database write included). The rest of the end-to-end latency is HTTP, the gateway and the
 * completion event's way back to the API.
 */
async function jobPhases(since: number, until: number): Promise<{ queuedMs: number[]; workingMs: number[] }> {
  const queue = new Queue(TOOLS_QUEUE, { connection: { url: REDIS_URL } });
  try {
    const jobs = await queue.getJobs(['completed'], 0, 10_000);
    const inWindow = jobs.filter((job) => job.timestamp >= since && job.timestamp <= until && job.processedOn && job.finishedOn);
    return {
      queuedMs: inWindow.map((job) => (job.processedOn ?? 0) - job.timestamp),
      workingMs: inWindow.map((job) => (job.finishedOn ?? 0) - (job.processedOn ?? 0)),
    };
  } finally {
    await queue.close();
  }
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

async function startWorkers(count: number, concurrency: number, env: Record<string, string>): Promise<ServiceProcess[]> {
  const workers = Array.from({ length: count }, (_, index) =>
    start(`worker-${index + 1}`, ENTRY.worker, { ...env, WORKER_CONCURRENCY: String(concurrency) }),
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

/** An OTLP/HTTP endpoint that takes every export and keeps only the count of bytes (a collector's cheapest stand-in). */
async function startOtlpSink(): Promise<{ url: string; bytes: () => number; close: () => Promise<void> }> {
  let bytes = 0;
  const server = http.createServer((req, res) => {
    req.on('data', (chunk: Buffer) => (bytes += chunk.length));
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, bytes: () => bytes, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * 3. The same steady load with and without tracing (every span exported over OTLP/HTTP to a
 * local sink): the tools API and two workers are restarted for each, so only tracing differs.
 * Answers the tools API now running.
 */
async function tracingOverhead(env: Record<string, string>, gatewayUrl: string, api: ServiceProcess): Promise<ServiceProcess> {
  const inFlight = 10;
  const seconds = 15;
  const sink = await startOtlpSink();
  console.log(`\n3. Tracing overhead: audit latency ÷ slowest provider with ${inFlight} in flight for ${seconds} s, without and with OTLP export (target: p50 ratio within 0.02)`);
  console.log('   tracing   samples   p50 ratio   p99 ratio   machine CPU ms per audit   exported KB per audit');
  const results: Record<string, { p50: number; p99: number }> = {};
  for (const traced of [false, true]) {
    const roundEnv = traced ? { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url } : env;
    await stop(api);
    api = start('tools', ENTRY.toolsApi, roundEnv);
    await waitUntilReady(`http://127.0.0.1:${PORTS.tools}/health/ready`, api);
    const workers = await startWorkers(2, 100, roundEnv);
    for (let warm = 0; warm < 5; warm++) await audit(gatewayUrl);
    const machineBefore = machineBusyCpuMs();
    const bytesBefore = sink.bytes();
    const result = await steadyLoad(gatewayUrl, inFlight, seconds);
    const cpuMs = (machineBusyCpuMs() - machineBefore) / result.completed;
    // The last batch leaves within a second of the last span.
    await sleep(1500);
    const exportedKb = (sink.bytes() - bytesBefore) / 1024 / result.completed;
    await Promise.all(workers.map(stop));
    const p50 = percentile(result.latenciesMs, 50) / PROVIDER_LATENCY_MS;
    const p99 = percentile(result.latenciesMs, 99) / PROVIDER_LATENCY_MS;
    results[traced ? 'on' : 'off'] = { p50, p99 };
    console.log(
      `   ${(traced ? 'on' : 'off').padEnd(7)}   ${String(result.latenciesMs.length).padStart(7)}   ${p50.toFixed(3).padStart(9)}   ${p99.toFixed(3).padStart(9)}   ${cpuMs.toFixed(1).padStart(24)}   ${exportedKb.toFixed(1).padStart(21)}`,
    );
  }
  await sink.close();
  const off = results.off!;
  const on = results.on!;
  reportFigure({
    figure: `audit latency ÷ slowest provider with tracing, ${inFlight} in flight (p50 / p99)`,
    value: `${on.p50.toFixed(3)} / ${on.p99.toFixed(3)}`,
    baseline: `${off.p50.toFixed(3)} / ${off.p99.toFixed(3)} without`,
    target: 'p50 within 0.02 of without',
    met: on.p50 - off.p50 <= 0.02,
  });
  return api;
}

async function main(): Promise<void> {
  await recreateSiteDatabase(DATABASE_URL);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  redis.disconnect();
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
  // Stopped with the rest if the run fails: a leftover nginx would hold the port.
  running.add(gateway.nginx);

  console.log(`\nAudit benchmark: every simulated provider answers in ${PROVIDER_LATENCY_MS} ms (the slowest provider's latency is the baseline).`);
  if (ONLY_TRACING) {
    await tracingOverhead(env, gateway.url, api);
    running.delete(gateway.nginx);
    await gateway.stop();
    return;
  }
  const ratio = (ms: number): string => (ms / PROVIDER_LATENCY_MS).toFixed(3);
  console.log('\n1. End-to-end audit latency through the gateway ÷ slowest provider latency (targets: p50 ≤ 1.03, p99 ≤ 1.10)');
  console.log('   in flight   kind     samples   p50 ms   p99 ms   p50 ratio   p99 ratio');
  /** BENCH_LATENCY_WORKERS: worker processes for the latency rounds (default 2, each running up to 100 audits). */
  let workers = await startWorkers(Number(process.env.BENCH_LATENCY_WORKERS ?? 2), 100, env);
  for (let warm = 0; warm < 5; warm++) await audit(gateway.url);
  const pids: Record<string, number> = {
    'tools API': api.pid,
    ...Object.fromEntries(workers.map((worker, index) => [`worker ${index + 1}`, worker.pid])),
    'model simulator': sim.pid,
    'nginx (all processes)': gateway.nginx.pid,
  };
  const idleRssMb = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, sampleProcessTree(pid).rssMb]));
  const printLatency = (inFlight: number, kind: string, samples: number[]): void => {
    const p50 = percentile(samples, 50);
    const p99 = percentile(samples, 99);
    console.log(
      `   ${String(inFlight).padStart(9)}   ${kind.padEnd(6)}   ${String(samples.length).padStart(7)}   ${p50.toFixed(0).padStart(6)}   ${p99.toFixed(0).padStart(6)}   ${ratio(p50).padStart(9)}   ${ratio(p99).padStart(9)}`,
    );
  };
  const steadyRounds: {
    inFlight: number;
    latenciesMs: number[];
    phases: { queuedMs: number[]; workingMs: number[] };
    cpuMsPerAudit: Record<string, number>;
  }[] = [];
  const cpuPids = { ...pids, ...(await storePids()) };
  let loadedPeakRssMb: Record<string, number> | undefined;
  for (const [inFlight, seconds] of [
    [1, 20],
    [10, 12],
    [100, 12],
  ] as const) {
    const cpuBefore = Object.fromEntries(Object.entries(cpuPids).map(([name, pid]) => [name, sampleProcessTree(pid).cpuMs]));
    const loadGeneratorBefore = process.cpuUsage();
    const machineBefore = machineBusyCpuMs();
    const roundStartedAt = Date.now();
    const { result, peakRssMb } = await peakMemoryDuring(pids, steadyLoad(gateway.url, inFlight, seconds));
    const loadGeneratorCpu = process.cpuUsage(loadGeneratorBefore);
    const cpuMsPerAudit = {
      ...Object.fromEntries(Object.entries(cpuPids).map(([name, pid]) => [name, (sampleProcessTree(pid).cpuMs - (cpuBefore[name] ?? 0)) / result.completed])),
      'load generator': (loadGeneratorCpu.user + loadGeneratorCpu.system) / 1000 / result.completed,
      'whole machine': (machineBusyCpuMs() - machineBefore) / result.completed,
    };
    printLatency(inFlight, 'steady', result.latenciesMs);
    steadyRounds.push({ inFlight, latenciesMs: result.latenciesMs, phases: await jobPhases(roundStartedAt + PROVIDER_LATENCY_MS, Date.now()), cpuMsPerAudit });
    if (inFlight === 100) loadedPeakRssMb = peakRssMb;
  }
  for (const [inFlight, rounds] of [
    [10, 6],
    [100, 3],
  ] as const) {
    printLatency(inFlight, 'burst', await burst(gateway.url, inFlight, rounds));
  }
  console.log('   steady: each caller keeps one audit in flight, callers starting at random moments; burst: all sent in the same millisecond (worst case).');
  console.log('\n   Where the steady rounds\' time goes (p50 / p99 ms): queued = added → taken by a worker; in worker = taken → finished');
  console.log(`   (the ${PROVIDER_LATENCY_MS} ms providers and the database write); the rest of end-to-end is HTTP, gateway and the completion event.`);
  console.log('   in flight   queued p50/p99   in worker p50/p99   end-to-end p50/p99');
  for (const { inFlight, latenciesMs, phases } of steadyRounds) {
    const pair = (values: number[]): string => `${percentile(values, 50).toFixed(0)} / ${percentile(values, 99).toFixed(0)}`;
    console.log(`   ${String(inFlight).padStart(9)}   ${pair(phases.queuedMs).padStart(14)}   ${pair(phases.workingMs).padStart(17)}   ${pair(latenciesMs).padStart(18)}`);
    const p50 = percentile(latenciesMs, 50) / PROVIDER_LATENCY_MS;
    const p99 = percentile(latenciesMs, 99) / PROVIDER_LATENCY_MS;
    reportFigure({
      figure: `audit latency ÷ slowest provider, ${inFlight} in flight (p50 / p99)`,
      value: `${p50.toFixed(3)} / ${p99.toFixed(3)}`,
      baseline: `providers ${PROVIDER_LATENCY_MS} ms; ${latenciesMs.length} audits`,
      target: '≤ 1.03 / ≤ 1.10',
      met: p50 <= 1.03 && p99 <= 1.1,
    });
  }

  if (process.env.BENCH_PROFILE_DIR) {
    for (const name of Object.keys(pids).filter((each) => each === 'tools API' || each.startsWith('worker'))) process.kill(pids[name] ?? 0, 'SIGUSR2');
    await sleep(3000);
    console.log(`   CPU profiles of the tools API and workers written to ${process.env.BENCH_PROFILE_DIR}`);
  }
  const redisMemory = await redisUsedMemoryMb();
  console.log('\n   CPU ms per audit by process in each steady round (from /proc; "whole machine" is every core\'s busy time)');
  console.log(`   ${'process'.padEnd(24)}   ${steadyRounds.map(({ inFlight }) => `${inFlight} in flight`.padStart(14)).join('')}`);
  for (const name of [...Object.keys(cpuPids), 'load generator', 'whole machine']) {
    console.log(`   ${name.padEnd(24)}   ${steadyRounds.map(({ cpuMsPerAudit }) => (cpuMsPerAudit[name] ?? NaN).toFixed(2).padStart(14)).join('')}`);
  }
  const cpuAt100 = steadyRounds.find(({ inFlight }) => inFlight === 100)?.cpuMsPerAudit ?? {};
  const machineAt100 = cpuAt100['whole machine'] ?? NaN;
  console.log(
    `   100 in flight means up to 100 audits a second: at ${machineAt100.toFixed(1)} ms each that needs ${((machineAt100 * 100) / 1000).toFixed(2)} cores; this machine has ${availableParallelism()}.`,
  );

  console.log(`\n   Memory by process (idle after warm-up; peak with 100 in flight)`);
  console.log('   process                   idle RSS MB   peak RSS MB');
  for (const name of Object.keys(pids)) {
    const idle = idleRssMb[name] ?? NaN;
    const peak = loadedPeakRssMb?.[name] ?? NaN;
    reportFigure({
      figure: `resident memory, ${name} (idle / 100 audits in flight)`,
      value: `${idle.toFixed(0)} / ${peak.toFixed(0)} MB`,
      baseline: `${(cpuAt100[name] ?? NaN).toFixed(2)} ms CPU per audit`,
      target: '',
    });
    console.log(`   ${name.padEnd(24)}   ${idle.toFixed(0).padStart(11)}   ${peak.toFixed(0).padStart(11)}`);
  }
  reportFigure({
    figure: 'CPU per audit, whole machine (100 in flight)',
    value: `${machineAt100.toFixed(1)} ms`,
    baseline: `${availableParallelism()} cores: at most ${((availableParallelism() * 1000) / machineAt100).toFixed(0)} audits/s`,
    target: '',
  });
  console.log(`   Redis used_memory after the rounds: ${redisMemory.toFixed(1)} MB (finished jobs are kept 15 minutes, at most 5,000)`);
  await Promise.all(workers.map(stop));

  const perWorker = 10;
  console.log(`\n2. Throughput with N worker processes (WORKER_CONCURRENCY=${perWorker}) ÷ ideal N × ${perWorker} ÷ ${PROVIDER_LATENCY_MS / 1000} s (target ≥ 0.9)`);
  console.log('   Callers: twice the worker slots, so the queue never runs dry; measured after the first second.');
  console.log('   workers   audits/s   ideal/s   ratio');
  for (const count of [1, 2, 4]) {
    workers = await startWorkers(count, perWorker, env);
    const slots = count * perWorker;
    const { auditsPerSecond } = await steadyLoad(gateway.url, slots * 2, 10);
    const ideal = slots / (PROVIDER_LATENCY_MS / 1000);
    console.log(`   ${String(count).padStart(7)}   ${auditsPerSecond.toFixed(1).padStart(8)}   ${ideal.toFixed(1).padStart(7)}   ${(auditsPerSecond / ideal).toFixed(3).padStart(5)}`);
    reportFigure({
      figure: `audit throughput ÷ ideal, ${count} worker${count === 1 ? '' : 's'}`,
      value: (auditsPerSecond / ideal).toFixed(3),
      baseline: `${auditsPerSecond.toFixed(1)} audits/s of an ideal ${ideal.toFixed(0)}/s`,
      target: '≥ 0.9',
      met: auditsPerSecond / ideal >= 0.9,
    });
    await Promise.all(workers.map(stop));
  }
  // The tools API it leaves running is stopped with the rest (running).
  await tracingOverhead(env, gateway.url, api);

  running.delete(gateway.nginx);
  await gateway.stop();
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.stack : error);
    process.exitCode = 1;
  })
  .finally(async () => {
    await Promise.all([...running].map(stop));
  });
