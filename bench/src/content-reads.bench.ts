/**
 * Content reads: requests per second for the public blog reads through the real
 * gateway (nginx with the project's own rendered config, micro-cache included, in front of the
 * content service on Postgres), divided by the same nginx serving the identical bytes as a static
 * file, in the same run, with the same load tool and connection count. Also shows what the
 * micro-cache buys (the same reads with it bypassed) and how soon an admin edit reaches visitors.
 */
import { mkdirSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { BenchProcesses, waitForHttp } from './support/bench-processes.js';
import { formatNumber, formatTable, median, reportFigure } from './support/bench-report.js';
import { mirrorAsStaticFiles, staticBaselineServer } from './support/static-baseline.js';
import { benchAdminPassword, freshStores, serviceEnv } from './support/bench-stores.js';

const PORTS = { gateway: 28480, baseline: 28481, content: 23401 };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.7;
/** The micro-cache keeps an answer 1–2 s (nginx counts whole seconds), then one refresh. */
const VISIBLE_WITHIN_MS = 2500;

interface Load {
  requestsPerSecond: number;
  bytesPerRequest: number;
}

async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds, headers });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} of ${result.requests.total} requests failed (non-2xx, errors or timeouts)`);
  return { requestsPerSecond: result.requests.total / seconds, bytesPerRequest: result.throughput.total / Math.max(1, result.requests.total) };
}

async function adminCookie(gatewayUrl: string): Promise<string> {
  const response = await fetch(`${gatewayUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: gatewayUrl },
    body: JSON.stringify({ password: benchAdminPassword }),
  });
  if (response.status !== 204) throw new Error(`admin login answered ${response.status}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0]!;
}

/** Renames a published post through the admin API and times how long until the public read shows it. */
async function publishToVisible(gatewayUrl: string, slug: string, cookie: string, attempt: number): Promise<number> {
  const publicUrl = `${gatewayUrl}/api/blog-posts/${slug}`;
  const post = (await (await fetch(publicUrl)).json()) as Record<string, unknown> & { id: number; title: string };
  // Cached just now: the edit has the whole micro-cache lifetime to wait out.
  await (await fetch(publicUrl)).arrayBuffer();
  const title = `${String(post.title).replace(/ \(edit \d+\)$/, '')} (edit ${attempt})`;
  const { id, slug: _slug, createdAt: _created, updatedAt: _updated, ...input } = post;
  const response = await fetch(`${gatewayUrl}/api/admin/blog-posts/${id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: gatewayUrl, cookie },
    body: JSON.stringify({ ...input, title }),
  });
  if (response.status !== 200) throw new Error(`admin update answered ${response.status}: ${await response.text()}`);
  // From the moment the admin panel is told the edit is saved.
  const started = performance.now();
  while (performance.now() - started < 10_000) {
    const seen = (await (await fetch(publicUrl)).json()) as { title: string };
    if (seen.title === title) return performance.now() - started;
    await sleep(10);
  }
  throw new Error('the edit did not reach the public read within 10 s');
}

async function main(): Promise<void> {
  const processes = new BenchProcesses();
  try {
    await freshStores({ seed: true });
    const env = serviceEnv(`http://127.0.0.1:${PORTS.gateway}`);
    processes.node('content', 'services/content/dist/src/main.js', { ...env, CONTENT_PORT: String(PORTS.content) });
    await waitForHttp(`http://127.0.0.1:${PORTS.content}/health/ready`, 'content service');
    let baselineRoot = '';
    const gateway = await processes.gateway({
      port: PORTS.gateway,
      contentUpstream: `127.0.0.1:${PORTS.content}`,
      extraConfig: (dir) => staticBaselineServer(PORTS.baseline, (baselineRoot = `${dir}/baseline`), 'application/json'),
    });
    mkdirSync(baselineRoot);
    const baselineUrl = `http://127.0.0.1:${PORTS.baseline}`;

    const list = await (await fetch(`${gateway.url}/api/blog-posts`)).text();
    const slug = (JSON.parse(list) as { slug: string }[])[0]!.slug;
    const reads = [
      { name: 'GET /api/blog-posts', path: '/api/blog-posts', file: '/blog-posts.json' },
      { name: 'GET /api/blog-posts/{slug}', path: `/api/blog-posts/${slug}`, file: '/blog-post.json' },
    ];
    await mirrorAsStaticFiles(gateway.url, baselineRoot, baselineUrl, reads);

    console.log(`\nContent reads: ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} rounds, gateway and static file alternating.`);
    for (const read of reads) {
      const gatewayUrl = `${gateway.url}${read.path}`;
      const staticUrl = `${baselineUrl}${read.file}`;
      await load(gatewayUrl, 1);
      await load(staticUrl, 1);
      const rows: string[][] = [];
      const ratios: number[] = [];
      const gatewayRates: number[] = [];
      const staticRates: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternate which goes first, so a slow spell on the machine does not always hit the same side.
        const first = round % 2 === 1 ? 'gateway' : 'static';
        const results: Record<string, Load> = {};
        for (const side of first === 'gateway' ? ['gateway', 'static'] : ['static', 'gateway']) {
          results[side] = await load(side === 'gateway' ? gatewayUrl : staticUrl, SECONDS);
        }
        const ratio = results.gateway!.requestsPerSecond / results.static!.requestsPerSecond;
        ratios.push(ratio);
        gatewayRates.push(results.gateway!.requestsPerSecond);
        staticRates.push(results.static!.requestsPerSecond);
        rows.push([
          String(round),
          formatNumber(results.gateway!.requestsPerSecond),
          formatNumber(results.static!.requestsPerSecond),
          ratio.toFixed(3),
          `${formatNumber(results.gateway!.bytesPerRequest)} / ${formatNumber(results.static!.bytesPerRequest)}`,
        ]);
      }
      console.log(`\n${read.name} (${formatNumber(Buffer.byteLength(await (await fetch(staticUrl)).text()))} bytes of JSON)`);
      console.log(formatTable(['round', 'gateway req/s', 'static req/s', 'ratio', 'bytes/response gateway / static'], rows));
      const ratio = median(ratios);
      reportFigure({
        bench: 'content',
        figure: `${read.name} req/s, gateway ÷ static file`,
        value: ratio.toFixed(2),
        baseline: `static file ${formatNumber(median(staticRates))} req/s (gateway ${formatNumber(median(gatewayRates))})`,
        target: `≥ ${TARGET_RATIO}`,
        met: ratio >= TARGET_RATIO,
      });
    }

    // Straight to the service: the gateway rate-limits the requests that bypass its cache.
    console.log('\nWithout the micro-cache (the content service answers each one):');
    for (const read of reads) {
      const bypass = await load(`http://127.0.0.1:${PORTS.content}${read.path}`, SECONDS);
      const baseline = await load(`${baselineUrl}${read.file}`, SECONDS);
      reportFigure({
        bench: 'content',
        figure: `${read.name} req/s from the content service itself ÷ static file`,
        value: (bypass.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
        baseline: `static file ${formatNumber(baseline.requestsPerSecond)} req/s (service ${formatNumber(bypass.requestsPerSecond)})`,
        target: '',
      });
    }

    const cookie = await adminCookie(gateway.url);
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 3; attempt++) delays.push(await publishToVisible(gateway.url, slug, cookie, attempt));
    console.log(`\nAn admin edit reached the public read through the gateway after ${delays.map((ms) => `${formatNumber(ms)} ms`).join(', ')}.`);
    reportFigure({
      bench: 'content',
      figure: 'admin edit → visible through the gateway (slowest of 3)',
      value: `${formatNumber(Math.max(...delays))} ms`,
      baseline: 'micro-cache lifetime 1–2 s (s-maxage=1, whole seconds) + one refresh',
      target: `≤ ${formatNumber(VISIBLE_WITHIN_MS)} ms`,
      met: Math.max(...delays) <= VISIBLE_WITHIN_MS,
    });
  } finally {
    await processes.stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});
