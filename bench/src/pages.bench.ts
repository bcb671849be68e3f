/**
 * Pages: requests per second for rendered page HTML (/, /blog and a post) through the real
 * gateway (nginx with the project's own rendered config, page micro-cache included, in front of
 * the web server, itself reading the content service on Postgres), divided by the same nginx
 * serving the identical bytes as a static file, in the same run, with the same load tool and
 * connection count. Also prints what the renderer alone manages (each request a fresh render).
 */
import { mkdirSync } from 'node:fs';
import autocannon from 'autocannon';
import { BenchProcesses, waitForHttp } from './support/bench-processes.js';
import { formatNumber, formatTable, median, reportFigure } from './support/bench-report.js';
import { mirrorAsStaticFiles, staticBaselineServer } from './support/static-baseline.js';
import { freshStores, serviceEnv } from './support/bench-stores.js';

const PORTS = { gateway: 28486, baseline: 28487, content: 23406, web: 23407 };
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const TARGET_RATIO = 0.5;

async function requestsPerSecond(url: string, seconds: number): Promise<number> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  const failures = result.non2xx + result.errors + result.timeouts;
  if (failures > 0) throw new Error(`${url}: ${failures} of ${result.requests.total} requests failed (non-2xx, errors or timeouts)`);
  return result.requests.total / seconds;
}

async function main(): Promise<void> {
  const processes = new BenchProcesses();
  try {
    await freshStores({ seed: true });
    const gatewayOrigin = `http://127.0.0.1:${PORTS.gateway}`;
    const env = serviceEnv(gatewayOrigin);
    processes.node('content', 'services/content/dist/src/main.js', { ...env, CONTENT_PORT: String(PORTS.content) });
    await waitForHttp(`http://127.0.0.1:${PORTS.content}/health/ready`, 'content service');
    processes.node('web', 'frontend/dist/server/main.js', { ...env, WEB_PORT: String(PORTS.web), CONTENT_PORT: String(PORTS.content) });
    await waitForHttp(`http://127.0.0.1:${PORTS.web}/health`, 'web server');
    let baselineRoot = '';
    const gateway = await processes.gateway({
      port: PORTS.gateway,
      contentUpstream: `127.0.0.1:${PORTS.content}`,
      webUpstream: `127.0.0.1:${PORTS.web}`,
      extraConfig: (dir) => staticBaselineServer(PORTS.baseline, (baselineRoot = `${dir}/baseline`), 'text/html'),
    });
    mkdirSync(baselineRoot);
    const baselineUrl = `http://127.0.0.1:${PORTS.baseline}`;

    const posts = (await (await fetch(`${gateway.url}/api/blog-posts`)).json()) as { slug: string }[];
    const pages = [
      { name: '/', path: '/', file: '/home.html' },
      { name: '/blog', path: '/blog', file: '/blog.html' },
      { name: '/blog/{post}', path: `/blog/${posts[0]!.slug}`, file: '/post.html' },
    ];
    await mirrorAsStaticFiles(gateway.url, baselineRoot, baselineUrl, pages);

    console.log(`\nPage HTML: ${CONNECTIONS} connections, ${SECONDS} s per measurement, ${ROUNDS} rounds, gateway and static file alternating.`);
    for (const page of pages) {
      const gatewayUrl = `${gateway.url}${page.path}`;
      const staticUrl = `${baselineUrl}${page.file}`;
      await requestsPerSecond(gatewayUrl, 1);
      await requestsPerSecond(staticUrl, 1);
      const rows: string[][] = [];
      const ratios: number[] = [];
      const gatewayRates: number[] = [];
      const staticRates: number[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        // Alternate which goes first, so a slow spell on the machine does not always hit the same side.
        const order = round % 2 === 1 ? (['gateway', 'static'] as const) : (['static', 'gateway'] as const);
        const rates: Record<string, number> = {};
        for (const side of order) rates[side] = await requestsPerSecond(side === 'gateway' ? gatewayUrl : staticUrl, SECONDS);
        const ratio = rates.gateway! / rates.static!;
        ratios.push(ratio);
        gatewayRates.push(rates.gateway!);
        staticRates.push(rates.static!);
        rows.push([String(round), formatNumber(rates.gateway!), formatNumber(rates.static!), ratio.toFixed(3)]);
      }
      const bytes = Buffer.byteLength(await (await fetch(staticUrl)).text());
      console.log(`\nGET ${page.name} (${formatNumber(bytes)} bytes of HTML)`);
      console.log(formatTable(['round', 'gateway req/s', 'static req/s', 'ratio'], rows));
      const ratio = median(ratios);
      reportFigure({
        bench: 'pages',
        figure: `GET ${page.name} page HTML req/s, gateway ÷ static file`,
        value: ratio.toFixed(2),
        baseline: `static file ${formatNumber(median(staticRates))} req/s (gateway ${formatNumber(median(gatewayRates))})`,
        target: `≥ ${TARGET_RATIO}`,
        met: ratio >= TARGET_RATIO,
      });
    }

    // Straight to the web server: what each page costs when it is rendered for every request.
    console.log('\nWithout the micro-cache (the web server renders each one):');
    for (const page of pages) {
      const rendered = await requestsPerSecond(`http://127.0.0.1:${PORTS.web}${page.path}`, SECONDS);
      const baseline = await requestsPerSecond(`${baselineUrl}${page.file}`, SECONDS);
      reportFigure({
        bench: 'pages',
        figure: `GET ${page.name} req/s from the web server itself ÷ static file`,
        value: (rendered / baseline).toFixed(3),
        baseline: `static file ${formatNumber(baseline)} req/s (web server ${formatNumber(rendered)})`,
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
