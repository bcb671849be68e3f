/**
 * Image path: how long the sharp normalisation (services/tools/src/image) takes
 * for a ~10 MB photo on this machine, how many bytes reach the models for each byte uploaded
 * (counted by the model simulator, through the real gateway, tools API and worker), and the
 * longest the tools API's event loop was blocked while the uploads were checked and queued.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { BenchProcesses, repoRoot, waitForHttp } from './support/bench-processes.js';
import { loopWindows } from './support/event-loop-windows.js';
import { formatBytes, formatNumber, median, reportFigure } from './support/bench-report.js';
import { freshStores, serviceEnv } from './support/bench-stores.js';
import { photoLikeJpeg } from './support/photo-like-jpeg.js';

const PORTS = { gateway: 28482, tools: 23402, sim: 23499 };
const NORMALISE_ROUNDS = 5;
const SEQUENTIAL_UPLOADS = 3;
const CONCURRENT_UPLOADS = 4;
const TARGET_BYTES_RATIO = 0.125;
const TARGET_EVENT_LOOP_MS = 50;
const PROVIDERS = ['openai', 'anthropic', 'gemini', 'xai'] as const;

type Normalise = (bytes: Buffer) => Promise<Buffer>;
type MainImageChecks = (bytes: Buffer) => Promise<{ id: string; pass: boolean; figure: string }[]>;
type SimStats = Record<(typeof PROVIDERS)[number], { imageBytesReceived: number; received: number }>;
async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

async function upload(gatewayUrl: string, body: string): Promise<number> {
  const { ms, value: response } = await timed(() =>
    fetch(`${gatewayUrl}/api/analyze-image`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
  );
  const answer = (await response.json()) as Record<string, unknown>;
  const models = ['openai', 'anthropic', 'gemini', 'grok'].filter((key) => typeof answer[key] === 'string');
  if (response.status !== 200 || models.length !== 4) throw new Error(`analyze-image answered ${response.status}: ${JSON.stringify(answer).slice(0, 300)}`);
  return ms;
}

async function main(): Promise<void> {
  const processes = new BenchProcesses();
  try {
    await freshStores({ seed: false });
    const loopFile = `${processes.tempDir('bench-event-loop')}/tools-api.jsonl`;
    const sim = `http://127.0.0.1:${PORTS.sim}`;
    const env = {
      ...serviceEnv(`http://127.0.0.1:${PORTS.gateway}`),
      TOOLS_PORT: String(PORTS.tools),
      TOOLS_RATE_LIMIT: '1000000',
      TOOLS_DAILY_MODEL_CALLS: '100000000',
      OPENAI_API_KEY: 'bench',
      ANTHROPIC_API_KEY: 'bench',
      GEMINI_API_KEY: 'bench',
      XAI_API_KEY: 'bench',
      OPENAI_BASE_URL: `${sim}/openai/v1`,
      ANTHROPIC_BASE_URL: `${sim}/anthropic`,
      GEMINI_BASE_URL: `${sim}/gemini`,
      XAI_BASE_URL: `${sim}/xai/v1`,
    };
    processes.node('model-sim', 'services/model-sim/dist/src/main.js', { MODEL_SIM_PORT: String(PORTS.sim), SIM_LATENCY_MS: '200' });
    await waitForHttp(`${sim}/__sim/health`, 'model simulator');
    // BENCH_CPU_PROFILE=<file> also records the API's CPU profile (open it in Chrome DevTools).
    const profile: Record<string, string> = Object.fromEntries(['BENCH_CPU_PROFILE', 'BENCH_GC_FILE'].flatMap((name) => (process.env[name] ? [[name, process.env[name]]] : [])));
    processes.node('tools', 'services/tools/dist/src/main.js', { ...env, ...profile, BENCH_EVENT_LOOP_FILE: loopFile }, [
      '--import',
      `${repoRoot}bench/dist/src/support/event-loop-probe.js`,
    ]);
    processes.node('worker', 'services/tools/dist/src/worker-main.js', env);
    await waitForHttp(`http://127.0.0.1:${PORTS.tools}/health/ready`, 'tools API');
    const gateway = await processes.gateway({ port: PORTS.gateway, contentUpstream: `127.0.0.1:${PORTS.tools}`, toolsUpstream: `127.0.0.1:${PORTS.tools}` });

    const photo = await photoLikeJpeg();
    const { width, height } = await sharp(photo).metadata();
    console.log(`\nImage path: a generated photo-like JPEG of ${formatBytes(photo.length)} (${width} × ${height}).`);

    const { normaliseImage } = (await import(`${repoRoot}services/tools/dist/src/image/image-normaliser.js`)) as { normaliseImage: Normalise };
    await normaliseImage(photo);
    const normaliseTimes: number[] = [];
    const decodeTimes: number[] = [];
    let normalised: Buffer = Buffer.alloc(0);
    for (let round = 0; round < NORMALISE_ROUNDS; round++) {
      const normalise = await timed(() => normaliseImage(photo));
      normaliseTimes.push(normalise.ms);
      normalised = normalise.value;
      decodeTimes.push((await timed(() => sharp(photo).raw().toBuffer())).ms);
    }
    const { width: outWidth, height: outHeight } = await sharp(normalised).metadata();
    console.log(`   normalised to ${outWidth} × ${outHeight}, ${formatBytes(normalised.length)}; ${NORMALISE_ROUNDS} rounds: ${normaliseTimes.map((ms) => formatNumber(ms)).join(', ')} ms`);
    reportFigure({
      bench: 'image',
      figure: 'sharp normalisation of the ~10 MB photo (median)',
      value: `${formatNumber(median(normaliseTimes))} ms`,
      baseline: `full decode of the same file ${formatNumber(median(decodeTimes))} ms`,
      target: '',
    });

    // Amazon's main-image checks run beside the normalisation, on the same upload.
    const { mainImageChecks } = (await import(`${repoRoot}services/tools/dist/src/image/main-image-checks.js`)) as { mainImageChecks: MainImageChecks };
    const checkTimes: number[] = [];
    let checks: Awaited<ReturnType<MainImageChecks>> = [];
    for (let round = 0; round < NORMALISE_ROUNDS; round++) {
      const measured = await timed(() => mainImageChecks(photo));
      checkTimes.push(measured.ms);
      checks = measured.value;
    }
    console.log(`   main-image checks: ${checks.map((check) => `${check.id} ${check.pass ? 'pass' : 'fail'} (${check.figure})`).join('; ')}`);
    reportFigure({
      bench: 'image',
      figure: 'Amazon main-image checks of the ~10 MB photo (median)',
      value: `${formatNumber(median(checkTimes))} ms`,
      baseline: `normalisation of the same file ${formatNumber(median(normaliseTimes))} ms`,
      target: '',
    });

    // The API's event loop while idle, then while the uploads are checked and queued.
    await sleep(500);
    const idleFrom = Date.now();
    await sleep(3000);
    const idleTo = Date.now();
    await fetch(`${sim}/__sim/reset`, { method: 'POST' });
    const body = JSON.stringify({ imageBase64: photo.toString('base64'), email: 'bench@example.com' });
    const uploadsFrom = Date.now();
    const latencies: number[] = [];
    for (let index = 0; index < SEQUENTIAL_UPLOADS; index++) latencies.push(await upload(gateway.url, body));
    latencies.push(...(await Promise.all(Array.from({ length: CONCURRENT_UPLOADS }, () => upload(gateway.url, body)))));
    const uploadsTo = Date.now();
    await sleep(600);
    const uploads = SEQUENTIAL_UPLOADS + CONCURRENT_UPLOADS;
    console.log(
      `   ${uploads} uploads through the gateway from +0 s (${SEQUENTIAL_UPLOADS} one by one, then ${CONCURRENT_UPLOADS} at once), answered in ${latencies.map((ms) => formatNumber(ms)).join(', ')} ms`,
    );

    const stats = (await (await fetch(`${sim}/__sim/stats`)).json()) as SimStats;
    const perModel = PROVIDERS.map((provider) => stats[provider].imageBytesReceived);
    console.log(`   bytes each model received: ${PROVIDERS.map((provider, index) => `${provider} ${formatBytes(perModel[index]!)}`).join(', ')}`);
    const uploaded = uploads * photo.length;
    const allModels = perModel.reduce((sum, bytes) => sum + bytes, 0);
    reportFigure({
      bench: 'image',
      figure: 'bytes sent to the four models ÷ bytes uploaded',
      value: (allModels / uploaded).toFixed(3),
      baseline: `${formatBytes(uploaded)} uploaded, ${formatBytes(allModels)} sent`,
      target: `≤ ${TARGET_BYTES_RATIO}`,
      met: allModels / uploaded <= TARGET_BYTES_RATIO,
    });
    reportFigure({
      bench: 'image',
      figure: 'bytes sent to one model ÷ bytes uploaded',
      value: (Math.max(...perModel) / uploaded).toFixed(3),
      baseline: `${formatBytes(photo.length)} per upload`,
      target: '',
    });

    const idle = loopWindows(loopFile, idleFrom, idleTo);
    const busy = loopWindows(loopFile, uploadsFrom, uploadsTo);
    if (busy.length === 0) throw new Error('the event loop probe reported nothing from the tools API');
    const busyMax = Math.max(...busy.map((window) => window.maxMs));
    const idleMax = Math.max(0, ...idle.map((window) => window.maxMs));
    const over = busy.filter((window) => window.maxMs > TARGET_EVENT_LOOP_MS);
    console.log(
      `   tools API event loop: ${busy.length} windows of 250 ms during the uploads, ${over.length} with a block over ${TARGET_EVENT_LOOP_MS} ms` +
        (over.length > 0 ? ` (${over.map((window) => `${formatNumber(window.maxMs)} ms at +${formatNumber((window.at - uploadsFrom) / 1000, 2)} s`).join(', ')})` : ''),
    );
    reportFigure({
      bench: 'image',
      figure: 'tools API event loop, longest block during the uploads',
      value: `${formatNumber(busyMax, 1)} ms`,
      baseline: `idle ${formatNumber(idleMax, 1)} ms (monitorEventLoopDelay, 10 ms resolution)`,
      target: `≤ ${TARGET_EVENT_LOOP_MS} ms`,
      met: busyMax <= TARGET_EVENT_LOOP_MS,
    });
  } finally {
    await processes.stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
