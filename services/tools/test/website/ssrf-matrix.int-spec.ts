import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { hostname, networkInterfaces } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { classifyAddress } from '../../src/website/address-policy.js';
import { SiteCrawler, type SiteCrawlerOptions } from '../../src/website/site-crawler.js';
import { routes, startTestSiteServer, TEST_USER_AGENT, type Handler, type TestSiteServer } from './support/test-site-server.js';

/*
 * Fills the gaps of ssrf-refusal and fetch-limits: more spellings of this machine, the machine's
 * own interface addresses and host names, redirect Location tricks, and memory that stays flat
 * over many hostile answers. Every listener counts its connections: refused means zero.
 */

/** Spellings of loopback beyond those ssrf-refusal already covers. */
const MORE_LOOPBACK_SPELLINGS = [
  '127.000.000.001',
  '0177.0.0.1',
  '0x7f.0.0.1',
  '0x7F.0x0.0x0.0x1',
  '127.0.1',
  '127.1.',
  '%31%32%37.0.0.1',
  '\uff11\uff12\uff17.\uff10.\uff10.\uff11',
  '[0:0:0:0:0:0:0:1]',
  '[0000::0001]',
  '[::0:1]',
  'localhost.localdomain',
  'ip6-localhost',
  '0x0',
  '0.0',
  '[0:0:0:0:0:0:0:0]',
  '[::ffff:0.0.0.0]',
  '[::ffff:127.000.000.001]',
];

/** Names this machine resolves to itself (its host name, /etc/hosts aliases). */
function localNames(): string[] {
  let hosts = '';
  try {
    hosts = readFileSync('/etc/hosts', 'utf8');
  } catch {
    // No hosts file: the host name alone.
  }
  const aliases = hosts
    .split('\n')
    .map((line) => line.replace(/#.*/, '').trim().split(/\s+/))
    .filter(([address]) => address === '127.0.0.1' || address === '::1' || address === '127.0.1.1')
    .flatMap(([, ...names]) => names);
  return [...new Set([hostname(), ...aliases])].filter((name) => name.length > 0);
}

/** This machine's own non-loopback interface addresses, as URL hosts (link-local ones need a zone, which URLs cannot carry). */
function interfaceHosts(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .filter((entry) => entry !== undefined && !entry.internal && !entry.address.startsWith('fe80:'))
    .map((entry) => (entry!.family === 'IPv6' ? `[${entry!.address}]` : entry!.address));
}

let entry: TestSiteServer;
let target: TestSiteServer;
const openTimers = new Set<NodeJS.Timeout>();

function redirectTo(location: () => string): Handler {
  return (_request, response) => {
    response.writeHead(302, { location: location() }).end();
  };
}

/** Location values that resolve (WHATWG URL rules) to the target listener through an address refused even in test mode. */
function redirectTricks(): Array<[name: string, location: () => string]> {
  const port = () => target.port;
  const tricks: Array<[string, () => string]> = [
    ['0.0.0.0', () => `http://0.0.0.0:${port()}/secret`],
    ['decimal 0', () => `http://0:${port()}/secret`],
    ['hex 0x0', () => `http://0x0:${port()}/secret`],
    ['percent-encoded host', () => `http://%30.%30.%30.%30:${port()}/secret`],
    ['full-width digits, percent-encoded', () => `http://${'%EF%BC%90'}.%EF%BC%90.%EF%BC%90.%EF%BC%90:${port()}/secret`],
    ['IPv6 unspecified', () => `http://[::]:${port()}/secret`],
    ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port()}/secret`],
    ['IPv4-mapped loopback in hex', () => `http://[::ffff:7f00:1]:${port()}/secret`],
    ['protocol-relative', () => `//0.0.0.0:${port()}/secret`],
    ['backslashes', () => `/\\0.0.0.0:${port()}/secret`],
    ['upper-case scheme and host', () => `HTTP://0X0:${port()}/secret`],
    ['tab inside the host', () => `http://0.0.\t0.0:${port()}/secret`],
    ['a name resolving to 0.0.0.0', () => `http://zero.example:${port()}/secret`],
    ['a name resolving to mapped loopback', () => `http://mapped.example:${port()}/secret`],
    ['credentials before the host', () => `http://127.0.0.1:${entry.port}@0.0.0.0:${port()}/secret`],
  ];
  for (const host of interfaceHosts()) {
    const bare = host.replace(/^\[|\]$/g, '');
    const addressClass = classifyAddress(bare);
    // Private addresses are allowed in test mode; the others stay refused and make real redirect targets.
    if (addressClass !== 'private' && addressClass !== 'loopback') tricks.push([`this machine's ${host} (${addressClass})`, () => `http://${host}:${port()}/secret`]);
  }
  return tricks;
}

beforeAll(async () => {
  target = await startTestSiteServer(routes({ '/secret': { body: '<p>SECRET text that must never be read.</p>' }, '/': { body: '<p>target</p>' } }));
  const table: Record<string, Handler> = {};
  for (const [name, location] of redirectTricks()) table[`/trick/${encodeURIComponent(name)}`] = redirectTo(location);
  entry = await startTestSiteServer(routes(table));
});

afterAll(async () => {
  for (const timer of openTimers) clearInterval(timer);
  await entry.close();
  await target.close();
});

function crawler(extra: Partial<SiteCrawlerOptions> = {}): SiteCrawler {
  return new SiteCrawler({ userAgent: TEST_USER_AGENT, requestTimeoutMs: 2000, totalTimeMs: 4000, ...extra });
}

describe('more spellings of this machine, its names and its own addresses', () => {
  const hosts = () => [...MORE_LOOPBACK_SPELLINGS, ...localNames(), ...interfaceHosts()];

  it('covers this machine’s host names and interface addresses, not only loopback', () => {
    expect(localNames().length).toBeGreaterThan(0);
    expect(hosts().length).toBeGreaterThan(MORE_LOOPBACK_SPELLINGS.length);
  });

  it('every spelling is refused before any connection, with the port itself allowed', async () => {
    const refusedButConnected: string[] = [];
    let tried = 0;
    for (const host of hosts()) {
      const before = target.connections;
      let url: URL;
      try {
        url = new URL(`http://${host}:${target.port}/secret`);
      } catch {
        continue; // Not a URL at all: nothing to connect to.
      }
      tried++;
      const report = await crawler({ testOnlyAllowedPorts: [target.port] }).crawl(url);
      if (report.pages.length > 0 || target.connections !== before) refusedButConnected.push(host);
      expect(report.problems.length).toBeGreaterThan(0);
    }
    expect(refusedButConnected).toEqual([]);
    expect(tried).toBeGreaterThanOrEqual(MORE_LOOPBACK_SPELLINGS.length);
    expect(target.requests).not.toContain('/secret');
  });
});

describe('redirect tricks: every hop is re-checked however its Location is written', () => {
  it.each(redirectTricks().map(([name]) => name))('%s: refused at the hop, the target never connected to', async (name) => {
    const before = target.connections;
    const report = await crawler({
      testOnlyAllowPrivateAddresses: true,
      testOnlyAllowedPorts: [entry.port, target.port],
      testOnlyHostAddresses: { 'zero.example': '0.0.0.0', 'mapped.example': '::ffff:127.0.0.1' },
    }).crawl(new URL(`http://127.0.0.1:${entry.port}/trick/${encodeURIComponent(name)}`));
    expect(report.pages).toEqual([]);
    expect(report.problems.join('\n')).toMatch(/redirects to/);
    expect(target.connections).toBe(before);
  });

  it('the target is reachable through an allowed spelling (so zero connections above means refused)', async () => {
    const before = target.connections;
    const report = await crawler({ testOnlyAllowPrivateAddresses: true, testOnlyAllowedPorts: [target.port] }).crawl(new URL(`http://127.0.0.1:${target.port}/`));
    expect(report.pages).toHaveLength(1);
    expect(target.connections).toBeGreaterThan(before);
  });
});

describe('memory stays bounded over many hostile answers', () => {
  let hostile: TestSiteServer;
  const CAP = 300_000;
  const bomb = gzipSync(Buffer.alloc(100 * 1024 * 1024), { level: 9 });

  const drip = (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    const timer = setInterval(() => response.write('<p>a</p>'), 20);
    openTimers.add(timer);
    response.on('close', () => {
      clearInterval(timer);
      openTimers.delete(timer);
    });
  };
  const endless = (type: string) => (response: ServerResponse) => {
    response.writeHead(200, { 'content-type': type });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    let open = true;
    response.on('close', () => (open = false));
    const pump = () => {
      while (open && response.write(chunk));
      if (open) response.once('drain', pump);
    };
    pump();
  };

  beforeAll(async () => {
    hostile = await startTestSiteServer(
      routes({
        '/bomb/': (_request, response) => response.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb),
        '/drip/': (_request, response) => drip(response),
        '/endless/': (_request, response) => endless('text/html')(response),
        '/endless-binary/': (_request, response) => endless('application/octet-stream')(response),
      }),
    );
  });
  afterAll(async () => {
    await hostile.close();
  });

  const crawl = (path: string) =>
    new SiteCrawler({
      userAgent: TEST_USER_AGENT,
      testOnlyAllowPrivateAddresses: true,
      testOnlyAllowedPorts: [hostile.port],
      maxBytesPerResponse: CAP,
      requestTimeoutMs: 500,
      totalTimeMs: 2000,
    }).crawl(hostile.url(path));

  it('an endless non-HTML answer is not downloaded: stopped at its headers', async () => {
    const sentBefore = hostile.bytesSent;
    const started = performance.now();
    const report = await crawl('/endless-binary/');
    expect(report.problems).toContain('The page /endless-binary/ is not an HTML page (it is application/octet-stream), so we skipped it');
    expect(performance.now() - started).toBeLessThan(1000);
    // What the server got out is socket buffers' worth, not a download.
    expect(hostile.bytesSent - sentBefore).toBeLessThan(16 * 1024 * 1024);
  });

  it('forty hostile crawls, ten at a time, leave heap and RSS flat and stay within the time cap', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const paths = ['/bomb/', '/drip/', '/endless/', '/endless-binary/'];
    const round = () => Promise.all(Array.from({ length: 10 }, (_, index) => crawl(paths[index % paths.length]!)));

    await round(); // Warm-up: code, agents and zlib tables are allocated once.
    gc();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
    const started = performance.now();
    for (let index = 0; index < 4; index++) {
      const reports = await round();
      for (const report of reports) expect(report.pages.every((page) => page.passages.join(' ').length <= CAP)).toBe(true);
    }
    const ms = performance.now() - started;
    clearInterval(sampler);
    gc();
    const after = process.memoryUsage();
    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    process.stdout.write(
      `[ssrf] 40 hostile crawls in ${Math.round(ms)} ms: heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, ` +
        `RSS ${mb(before.rss)} → ${mb(after.rss)} MB (peak ${mb(peakRss)} MB)\n`,
    );
    expect(after.heapUsed - before.heapUsed).toBeLessThan(8 * 1024 * 1024);
    expect(peakRss - before.rss).toBeLessThan(160 * 1024 * 1024);
    expect(after.rss - before.rss).toBeLessThan(64 * 1024 * 1024);
    // Four rounds, each bounded by the 2 s crawl cap (and the 0.5 s request cap).
    expect(ms).toBeLessThan(4 * 2000 + 2000);
  }, 60_000);
});
