/**
 * `make bench` (`npm run bench`, after the build): runs each benchmark in turn as its own process,
 * each starting and stopping its own real processes, then prints one summary table of every
 * figure beside the baseline measured in the same run and its target.
 *
 *   BENCH_ONLY=content,image   run only these benchmarks (names below)
 *
 * A benchmark reports its headline figures as JSON lines appended to the file named by
 * BENCH_RESULTS_FILE (see support/bench-report.ts); everything else it prints goes straight through.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { repoRoot } from './support/bench-processes.js';
import { type BenchFigure, formatTable } from './support/bench-report.js';

interface Benchmark {
  name: string;
  what: string;
  script: string;
  timeoutMinutes: number;
}

const BENCHMARKS: Benchmark[] = [
  { name: 'content', what: 'content reads through the gateway ÷ static file', script: 'bench/dist/src/content-reads.bench.js', timeoutMinutes: 6 },
  { name: 'pages', what: 'page HTML through the gateway ÷ static file', script: 'bench/dist/src/pages.bench.js', timeoutMinutes: 6 },
  { name: 'image', what: 'image normalisation, bytes to the models, API event loop', script: 'bench/dist/src/image-path.bench.js', timeoutMinutes: 5 },
  { name: 'admin', what: 'admin lists at 100,000 rows: every tab through the gateway, query plans', script: 'bench/dist/src/admin-lists.bench.js', timeoutMinutes: 10 },
  { name: 'crawler-log', what: 'AI Crawler Log Analyzer: peak memory reading a 50 MB log ÷ line-count and read-whole baselines', script: 'bench/dist/src/crawler-log.bench.js', timeoutMinutes: 5 },
  { name: 'hostile', what: 'bodies of many unknown fields: refusal time and event loop', script: 'bench/dist/src/hostile-bodies.bench.js', timeoutMinutes: 4 },
  { name: 'frontend', what: 'start-up JavaScript ÷ empty page, Lighthouse', script: 'bench/dist/src/frontend.bench.js', timeoutMinutes: 10 },
  { name: 'audit', what: 'audit latency and worker scale-out', script: 'services/tools/dist/bench/audit-bench.js', timeoutMinutes: 15 },
  { name: 'tracking', what: '1,000 tracked questions due at once: backlog time with 1, 2 and 4 workers, free audits meanwhile', script: 'services/tools/dist/bench/tracking-bench.js', timeoutMinutes: 15 },
];

const STOP_GRACE_MS = 30_000;

interface Outcome {
  benchmark: Benchmark;
  status: string;
  seconds: number;
}

/** Runs one benchmark; on timeout or Ctrl-C it gets SIGTERM (it stops its own processes), then SIGKILL. */
async function run(benchmark: Benchmark, resultsFile: string, interrupted: AbortSignal): Promise<Outcome> {
  const started = performance.now();
  console.log(`\n${'='.repeat(100)}\n${benchmark.name}: ${benchmark.what}\n${'='.repeat(100)}`);
  const child = spawn(process.execPath, [`${repoRoot}${benchmark.script}`], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: resultsFile },
  });
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  let stoppedBecause: string | undefined;
  const stop = (reason: string) => {
    if (stoppedBecause) return;
    stoppedBecause = reason;
    child.kill('SIGTERM');
    void sleep(STOP_GRACE_MS).then(() => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
  };
  const timer = setTimeout(() => stop(`stopped after ${benchmark.timeoutMinutes} minutes`), benchmark.timeoutMinutes * 60_000);
  const onInterrupt = () => stop('interrupted');
  interrupted.addEventListener('abort', onInterrupt);
  const code = await exited;
  clearTimeout(timer);
  interrupted.removeEventListener('abort', onInterrupt);
  const status = stoppedBecause ?? (code === 0 ? 'ok' : `failed (exit ${code})`);
  return { benchmark, status, seconds: (performance.now() - started) / 1000 };
}

function readFigures(file: string): BenchFigure[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchFigure);
}

function verdict(figure: BenchFigure): string {
  if (figure.met === undefined) return '';
  return figure.met ? 'met' : 'MISSED';
}

async function main(): Promise<number> {
  const only = process.env.BENCH_ONLY?.split(',').map((name) => name.trim()).filter(Boolean);
  const unknown = only?.filter((name) => !BENCHMARKS.some((benchmark) => benchmark.name === name)) ?? [];
  if (unknown.length > 0) {
    console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${BENCHMARKS.map((benchmark) => benchmark.name).join(', ')}.`);
    return 2;
  }
  const selected = BENCHMARKS.filter((benchmark) => !only || only.includes(benchmark.name));
  const dir = mkdtempSync(`${tmpdir()}/bench-results-`);
  const resultsFile = `${dir}/figures.jsonl`;
  const interruption = new AbortController();
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => interruption.abort());

  const outcomes: Outcome[] = [];
  try {
    for (const benchmark of selected) {
      if (interruption.signal.aborted) break;
      outcomes.push(await run(benchmark, resultsFile, interruption.signal));
    }
    const figures = readFigures(resultsFile);
    console.log(`\n${'='.repeat(100)}\nSummary (every baseline measured in this run, on this machine)\n${'='.repeat(100)}`);
    if (figures.length > 0) {
      console.log(
        formatTable(
          ['benchmark', 'figure', 'value', 'baseline', 'target', ''],
          figures.map((figure) => [figure.bench, figure.figure, figure.value, figure.baseline, figure.target, verdict(figure)]),
          { indent: '', align: 'llrlll' },
        ),
      );
    }
    for (const outcome of outcomes) {
      const reported = figures.some((figure) => figure.bench === outcome.benchmark.name);
      const note = reported ? '' : ' (its figures are printed in its own section above)';
      console.log(`${outcome.benchmark.name}: ${outcome.status}, ${outcome.seconds.toFixed(0)} s${note}`);
    }
    const missed = figures.filter((figure) => figure.met === false).length;
    if (missed > 0) console.log(`${missed} figure(s) missed their target.`);
    return outcomes.every((outcome) => outcome.status === 'ok') && !interruption.signal.aborted ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
