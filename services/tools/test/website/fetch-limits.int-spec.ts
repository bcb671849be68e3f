import type { ServerResponse } from 'node:http';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SiteCrawler, type SiteCrawlerOptions } from '../../src/website/site-crawler.js';
import { routes, startTestSiteServer, TEST_USER_AGENT, type TestSiteServer } from './support/test-site-server.js';

const BOMB_DECODED_BYTES = 200 * 1024 * 1024;
const CAP = 300_000;

let server: TestSiteServer;
let gzipBomb: Buffer;
let brotliBomb: Buffer;
const openTimers = new Set<NodeJS.Timeout>();

/** Sends the head at once, then one byte every 50 ms for as long as the client listens. */
function slowDrip(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.write('<html><body><p>');
  const timer = setInterval(() => response.write('a'), 50);
  openTimers.add(timer);
  response.on('close', () => {
    clearInterval(timer);
    openTimers.delete(timer);
  });
}

/** An HTML body that never ends, written as fast as the client reads. */
function endless(response: ServerResponse): void {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  const chunk = Buffer.from(`<p>${'Endless words about tea and cups. '.repeat(1800)}</p>`);
  let open = true;
  response.on('close', () => {
    open = false;
  });
  const pump = () => {
    while (open && response.write(chunk));
    if (open) response.once('drain', pump);
  };
  pump();
}

function bomb(encoding: 'gzip' | 'br', body: () => Buffer) {
  return (_request: unknown, response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': encoding });
    response.end(body());
  };
}

beforeAll(async () => {
  const zeros = Buffer.alloc(BOMB_DECODED_BYTES);
  gzipBomb = gzipSync(zeros, { level: 9 });
  brotliBomb = brotliCompressSync(zeros, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  server = await startTestSiteServer(
    routes({
      '/slow/': (_request, response) => slowDrip(response),
      '/slow-head/': () => undefined, // never answers
      '/endless/': (_request, response) => endless(response),
      '/gzip-bomb/': bomb('gzip', () => gzipBomb),
      '/brotli-bomb/': bomb('br', () => brotliBomb),
      '/image/': { type: 'image/png', body: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
      '/json/': { type: 'application/json', body: '{"not":"html"}' },
      '/untyped/': (_request, response) => response.end('<p>no content type</p>'),
      '/loop-a/': { status: 302, headers: { location: '/loop-b/' } },
      '/loop-b/': { status: 301, headers: { location: '/loop-a/' } },
      '/hops-3/': { status: 302, headers: { location: '/hops-2/' } },
      '/hops-2/': { status: 307, headers: { location: '/hops-1/' } },
      '/hops-1/': { status: 308, headers: { location: '/hops-0/' } },
      '/hops-0/': { body: '<title>Arrived</title><p>After exactly three redirects, this page is read.</p>' },
    }),
  );
});

afterAll(async () => {
  for (const timer of openTimers) clearInterval(timer);
  await server.close();
});

function crawler(extra: Partial<SiteCrawlerOptions> = {}): SiteCrawler {
  return new SiteCrawler({
    userAgent: TEST_USER_AGENT,
    testOnlyAllowPrivateAddresses: true,
    testOnlyAllowedPorts: [server.port],
    maxBytesPerResponse: CAP,
    requestTimeoutMs: 600,
    totalTimeMs: 5000,
    ...extra,
  });
}

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe('time limits', () => {
  it.each(['/slow/', '/slow-head/'])('%s: a page that drips or never answers is stopped at requestTimeoutMs', async (path) => {
    const { value: report, ms } = await timed(() => crawler().crawl(server.url(path)));
    expect(report.pages).toEqual([]);
    expect(report.problems).toContain(`The page ${path} did not answer within 0.6 seconds`);
    expect(ms).toBeGreaterThanOrEqual(550);
    expect(ms).toBeLessThan(1500);
  });

  it('a robots.txt that never finishes stops the crawl with a readable sentence', async () => {
    const robotsServer = await startTestSiteServer(routes({ '/robots.txt': (_request, response) => slowDrip(response), '/': { body: '<p>x</p>' } }));
    try {
      const report = await crawler({ testOnlyAllowedPorts: [robotsServer.port] }).crawl(robotsServer.url('/'));
      expect(report).toEqual({ pages: [], problems: ['The site did not answer within 0.6 seconds'] });
      expect(robotsServer.requests).toEqual(['/robots.txt']);
    } finally {
      await robotsServer.close();
    }
  });

  it('the whole crawl stops at totalTimeMs even when each request is allowed longer', async () => {
    const { value: report, ms } = await timed(() => crawler({ requestTimeoutMs: 10_000, totalTimeMs: 700 }).crawl(server.url('/slow/')));
    expect(report.problems).toEqual(['We stopped reading the site after 0.7 seconds; the results cover the pages read by then']);
    expect(ms).toBeLessThan(1500);
  });
});

describe('byte limits', () => {
  it('an endless body is cut at maxBytesPerResponse and the text read so far is kept', async () => {
    const sentBefore = server.bytesSent;
    const { value: report, ms } = await timed(() => crawler().crawl(server.url('/endless/')));
    expect(report.problems).toContain('The page /endless/ is larger than 300 KB; we read only its first 300 KB');
    const text = report.pages[0]?.passages.join(' ') ?? '';
    expect(text).toContain('Endless words about tea');
    expect(text.length).toBeLessThanOrEqual(CAP);
    // What the server managed to write is the cap plus socket buffers, not an unbounded stream.
    expect(server.bytesSent - sentBefore).toBeLessThan(CAP + 8 * 1024 * 1024);
    expect(ms).toBeLessThan(1500);
  });

  it.each([
    ['/gzip-bomb/', () => gzipBomb],
    ['/brotli-bomb/', () => brotliBomb],
  ])('%s (200 MB of zeros compressed) is stopped at the cap with bounded memory', async (path, body) => {
    expect(body().length).toBeLessThan(1_000_000);
    const baseline = process.memoryUsage();
    let peakExternal = 0;
    let peakHeap = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakExternal = Math.max(peakExternal, now.external + now.arrayBuffers - baseline.external - baseline.arrayBuffers);
      peakHeap = Math.max(peakHeap, now.heapUsed - baseline.heapUsed);
    }, 1);
    const { value: report, ms } = await timed(() => crawler().crawl(server.url(path)));
    clearInterval(sampler);
    expect(report.problems).toContain(`The page ${path} is larger than 300 KB; we read only its first 300 KB`);
    expect(peakExternal).toBeLessThan(40 * 1024 * 1024);
    expect(peakHeap).toBeLessThan(40 * 1024 * 1024);
    expect(ms).toBeLessThan(1500);
  });
});

describe('content types and redirects', () => {
  it.each([
    ['/image/', 'image/png'],
    ['/json/', 'application/json'],
    ['/untyped/', 'of no stated type'],
  ])('%s is skipped as not HTML', async (path, type) => {
    const report = await crawler().crawl(server.url(path));
    expect(report.pages).toEqual([]);
    expect(report.problems).toContain(`The page ${path} is not an HTML page (it is ${type}), so we skipped it`);
  });

  it('a redirect loop is bounded by maxRedirects', async () => {
    const before = server.requests.length;
    const report = await crawler().crawl(server.url('/loop-a/'));
    expect(report.problems).toContain('The page /loop-a/ redirects more than 3 times, so we stopped following it');
    const loopRequests = server.requests.slice(before).filter((path) => path.startsWith('/loop-'));
    expect(loopRequests).toEqual(['/loop-a/', '/loop-b/', '/loop-a/', '/loop-b/']);
  });

  it('exactly maxRedirects hops are followed and the final address is reported', async () => {
    const report = await crawler().crawl(server.url('/hops-3/'));
    expect(report.pages.map((crawled) => [crawled.url, crawled.title])).toEqual([[server.url('/hops-0/').href, 'Arrived']]);
  });
});

describe('abort', () => {
  it('an abort through the signal rejects the crawl promptly', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 150);
    const started = performance.now();
    await expect(crawler({ requestTimeoutMs: 10_000 }).crawl(server.url('/slow/'), controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(performance.now() - started).toBeLessThan(600);
  });

  it('an already aborted signal rejects at once without a request', async () => {
    const before = server.requests.length;
    const reason = new Error('job cancelled');
    await expect(crawler().crawl(server.url('/'), AbortSignal.abort(reason))).rejects.toBe(reason);
    expect(server.requests.length).toBe(before);
  });
});
