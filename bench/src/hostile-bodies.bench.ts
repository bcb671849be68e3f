/**
 * Hostile bodies: JSON bodies holding tens or hundreds of thousands of unknown fields, sent to
 * every body-taking route of the content service and the tools API. Each must be refused with a
 * short 400, and neither service's event loop may be held meanwhile. Reports, per service, the
 * longest event-loop block while the bodies were refused (against the same service idle), and the
 * slowest refusal (against the refusal of a small body with one unknown field).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { BenchProcesses, repoRoot, waitForHttp } from './support/bench-processes.js';
import { loopWindows } from './support/event-loop-windows.js';
import { formatBytes, formatNumber, median, reportFigure } from './support/bench-report.js';
import { freshStores, serviceEnv } from './support/bench-stores.js';

const PORTS = { content: 23501, tools: 23502 };
const ROUNDS = 3;
const TARGET_EVENT_LOOP_MS = 50;

interface HostileRoute {
  service: keyof typeof PORTS;
  path: string;
  /** Unknown fields to send: as many as fit under the route's body limit. */
  keys: number;
}

const ROUTES: HostileRoute[] = [
  { service: 'content', path: '/api/contact', keys: 60_000 },
  { service: 'content', path: '/api/admin/login', keys: 60_000 },
  { service: 'content', path: '/api/newsletter', keys: 60_000 },
  { service: 'tools', path: '/api/llm-query', keys: 4_500 },
  { service: 'tools', path: '/api/query-fan-out', keys: 4_500 },
  { service: 'tools', path: '/api/analyze-image', keys: 500_000 },
];

function bodyWithKeys(keys: number): string {
  const members = Array.from({ length: keys }, (_, index) => `"field${index}":1`);
  return `{"email":"bench@example.com",${members.join(',')}}`;
}

/** Sends one body; answers its status, time and length, and refuses anything but a short 400. */
async function refuse(url: string, body: string, origin: string): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body });
  const text = await response.text();
  const ms = performance.now() - started;
  if (response.status !== 400) throw new Error(`${url} answered ${response.status}: ${text.slice(0, 200)}`);
  return { ms, bytes: Buffer.byteLength(text) };
}

async function main(): Promise<void> {
  const processes = new BenchProcesses();
  try {
    await freshStores({ seed: false });
    const loopDir = processes.tempDir('bench-hostile');
    const loopFiles = { content: `${loopDir}/content.jsonl`, tools: `${loopDir}/tools.jsonl` };
    const origin = `http://127.0.0.1:${PORTS.content}`;
    const env = { ...serviceEnv(origin), TOOLS_RATE_LIMIT: '1000000', TOOLS_DAILY_MODEL_CALLS: '100000000' };
    const probe = ['--import', `${repoRoot}bench/dist/src/support/event-loop-probe.js`];
    processes.node('content', 'services/content/dist/src/main.js', { ...env, CONTENT_PORT: String(PORTS.content), BENCH_EVENT_LOOP_FILE: loopFiles.content }, probe);
    processes.node('tools', 'services/tools/dist/src/main.js', { ...env, TOOLS_PORT: String(PORTS.tools), BENCH_EVENT_LOOP_FILE: loopFiles.tools }, probe);
    await waitForHttp(`http://127.0.0.1:${PORTS.content}/health/ready`, 'content service');
    await waitForHttp(`http://127.0.0.1:${PORTS.tools}/health/ready`, 'tools API');

    await sleep(500);
    const idleFrom = Date.now();
    await sleep(3000);
    const idleTo = Date.now();

    const smallRefusals: Record<string, number[]> = { content: [], tools: [] };
    const hostileRefusals: Record<string, number[]> = { content: [], tools: [] };
    const busy: Record<string, [number, number][]> = { content: [], tools: [] };
    for (const route of ROUTES) {
      const url = `http://127.0.0.1:${PORTS[route.service]}${route.path}`;
      const body = bodyWithKeys(route.keys);
      for (let round = 0; round < ROUNDS; round++) smallRefusals[route.service]!.push((await refuse(url, bodyWithKeys(1), origin)).ms);
      const from = Date.now();
      const answers = [];
      for (let round = 0; round < ROUNDS; round++) answers.push(await refuse(url, body, origin));
      busy[route.service]!.push([from, Date.now()]);
      hostileRefusals[route.service]!.push(...answers.map((answer) => answer.ms));
      console.log(
        `   ${route.path}: ${formatNumber(route.keys)} unknown fields (${formatBytes(Buffer.byteLength(body))}), refused in ${answers.map((answer) => formatNumber(answer.ms)).join(', ')} ms with ${formatBytes(answers[0]!.bytes)} answers`,
      );
    }
    await sleep(600);

    for (const service of ['content', 'tools'] as const) {
      const idleMax = Math.max(0, ...loopWindows(loopFiles[service], idleFrom, idleTo).map((window) => window.maxMs));
      const windows = busy[service]!.flatMap(([from, to]) => loopWindows(loopFiles[service], from, to));
      if (windows.length === 0) throw new Error(`the event loop probe reported nothing from the ${service} service`);
      const busyMax = Math.max(...windows.map((window) => window.maxMs));
      reportFigure({
        bench: 'hostile',
        figure: `${service}: event loop, longest block while refusing many-field bodies`,
        value: `${formatNumber(busyMax, 1)} ms`,
        baseline: `idle ${formatNumber(idleMax, 1)} ms (monitorEventLoopDelay, 10 ms resolution)`,
        target: `≤ ${TARGET_EVENT_LOOP_MS} ms`,
        met: busyMax <= TARGET_EVENT_LOOP_MS,
      });
      const slowest = Math.max(...hostileRefusals[service]!);
      const small = median(smallRefusals[service]!);
      reportFigure({
        bench: 'hostile',
        figure: `${service}: slowest refusal of a many-field body ÷ a one-field body`,
        value: formatNumber(slowest / small, 1),
        baseline: `one unknown field refused in ${formatNumber(small, 1)} ms (median); slowest many-field refusal ${formatNumber(slowest)} ms`,
        target: '',
      });
    }
  } finally {
    await processes.stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
