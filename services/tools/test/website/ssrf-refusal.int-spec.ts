import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RequestFilteringHttpAgent } from 'request-filtering-agent';
import { SiteCrawler, type SiteCrawlerOptions } from '../../src/website/site-crawler.js';
import { routes, startTestSiteServer, TEST_USER_AGENT, type Handler, type TestSiteServer } from './support/test-site-server.js';

/** Every way of writing "this machine" that must never be connected to. */
const LOOPBACK_SPELLINGS = [
  '127.0.0.1',
  '127.0.0.2',
  'localhost',
  'LOCALHOST.',
  '2130706433',
  '0x7f000001',
  '0x7f.1',
  '017700000001',
  '127.1',
  '[::1]',
  '[::ffff:127.0.0.1]',
  '[::ffff:7f00:1]',
  '0.0.0.0',
  '0',
  '[::]',
];

const HOME = '<html><head><title>Listener</title></head><body><p>Text that must never be read by a refused crawl.</p></body></html>';

let site: TestSiteServer;
let otherPort: TestSiteServer;

beforeAll(async () => {
  otherPort = await startTestSiteServer(routes({ '/': { body: HOME } }));
  site = await startTestSiteServer(
    routes({
      '/': { body: HOME },
      '/secret': { body: '<p>SECRET internal page text that must never be read.</p>' },
      '/to-metadata-name': redirectTo(() => `http://metadata.google.internal:${site.port}/secret`),
      '/to-link-local': redirectTo(() => `http://169.254.169.254:${site.port}/latest/meta-data/`),
      '/to-other-port': redirectTo(() => `http://127.0.0.1:${otherPort.port}/`),
      '/to-other-port-mapped': redirectTo(() => `http://[::ffff:127.0.0.1]:${otherPort.port}/`),
      '/to-unspecified': redirectTo(() => `http://0.0.0.0:${site.port}/secret`),
      '/to-name-of-unspecified': redirectTo(() => `http://zero.example:${site.port}/secret`),
      '/to-file': redirectTo(() => 'file:///etc/passwd'),
      '/to-credentials': redirectTo(() => `http://admin:admin@127.0.0.1:${site.port}/secret`),
    }),
  );
});

afterAll(async () => {
  await site.close();
  await otherPort.close();
});

function redirectTo(location: () => string): Handler {
  return (_request, response) => {
    response.writeHead(302, { location: location() }).end();
  };
}

function crawler(extra: Partial<SiteCrawlerOptions> = {}): SiteCrawler {
  return new SiteCrawler({ userAgent: TEST_USER_AGENT, requestTimeoutMs: 2000, totalTimeMs: 4000, ...extra });
}

describe('refused targets never get a connection', () => {
  it('the listener is reachable when the test-only private setting is on (so zero connections below means refused)', async () => {
    const before = site.connections;
    const report = await crawler({ testOnlyAllowPrivateAddresses: true, testOnlyAllowedPorts: [site.port] }).crawl(site.url('/'));
    expect(report.pages.map((page) => page.title)).toEqual(['Listener']);
    expect(site.connections).toBeGreaterThan(before);
    for (const host of ['[::1]', 'localhost', 'shop.example']) {
      const report = await crawler({
        testOnlyAllowPrivateAddresses: true,
        testOnlyAllowedPorts: [site.port],
        testOnlyHostAddresses: { 'shop.example': '127.0.0.1' },
      }).crawl(site.url('/', host));
      expect(report.pages).toHaveLength(1);
    }
  });

  it.each(LOOPBACK_SPELLINGS)('http://%s:<port>/ is refused with the port allowed but private addresses not', async (host) => {
    const before = site.connections;
    const report = await crawler({ testOnlyAllowedPorts: [site.port] }).crawl(site.url('/', host));
    expect(report.pages).toEqual([]);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(/^(We do not read .* because it (points to|names)|.* resolves to a private or reserved network address)/);
    expect(site.connections).toBe(before);
  });

  it.each([
    ['shop.example', '127.0.0.1'],
    ['v6.example', '::1'],
    ['mapped.example', '::ffff:127.0.0.1'],
    ['zero.example', '0.0.0.0'],
    ['metadata.example', '169.254.169.254'],
    ['cgnat.example', '100.64.0.1'],
  ])('a public-looking name whose DNS answer is %s → %s is refused at connect time', async (name, address) => {
    const before = site.connections;
    const report = await crawler({ testOnlyAllowedPorts: [site.port], testOnlyHostAddresses: { [name]: address } }).crawl(
      site.url('/', name),
    );
    expect(report.pages).toEqual([]);
    expect(report.problems).toEqual([`${name}:${site.port} resolves to a private or reserved network address, so we did not read it`]);
    expect(site.connections).toBe(before);
  });

  it('refuses a port other than 80 and 443 before connecting, even to an allowed address', async () => {
    const before = site.connections;
    const report = await crawler({ testOnlyAllowPrivateAddresses: true }).crawl(site.url('/'));
    expect(report.problems).toEqual([
      `We do not read ${site.url('/').href} because it uses port ${site.port}, and only the standard web ports 80 and 443 are read`,
    ]);
    expect(site.connections).toBe(before);
  });

  it('request-filtering-agent alone (our URL checks bypassed) refuses every spelling before connecting', async () => {
    const agent = new RequestFilteringHttpAgent();
    const before = site.connections;
    for (const host of LOOPBACK_SPELLINGS) {
      const outcome = await new Promise<string>((resolve) => {
        get(site.url('/', host), { agent }, (response) => {
          response.resume();
          resolve(`answered ${response.statusCode}`);
        }).on('error', (error) => resolve(error.message));
      });
      // "localhost." has no DNS answer on some machines: not connecting is what counts.
      expect(outcome).toMatch(/is not allowed|ENOTFOUND/);
    }
    expect(site.connections).toBe(before);
  });
});

/*
 * Redirect hops. A truly public first hop cannot be served on this machine, so the first hop here
 * is the test listener with the test-only private setting on and its port allowed: it stands for
 * "a public site". What stays refused with that setting on (other ports, metadata names,
 * link-local and unspecified addresses, non-http schemes, credentials) is what each hop is
 * re-checked for; loopback refusal itself is the same check the table above proves for first hops,
 * made again on every hop because every hop goes through the same URL check and filtering agent.
 */
describe('every redirect hop is re-checked', () => {
  const hopCrawler = () =>
    crawler({
      testOnlyAllowPrivateAddresses: true,
      testOnlyAllowedPorts: [site.port],
      // Without the name rule these would reach the listener's /secret.
      testOnlyHostAddresses: { 'metadata.google.internal': '127.0.0.1', 'zero.example': '0.0.0.0' },
    });

  it.each([
    ['/to-metadata-name', 'which we do not read because it names a cloud metadata service'],
    ['/to-link-local', 'which we do not read because it points to a link-local network'],
    ['/to-unspecified', 'which we do not read because it points to an unspecified address (0.0.0.0)'],
    ['/to-name-of-unspecified', 'redirects to zero.example'],
    ['/to-file', 'which we do not read because it uses file, and only http and https addresses are read'],
    ['/to-credentials', 'which we do not read because it contains a user name or password'],
  ])('%s is refused at the hop', async (path, words) => {
    const report = await hopCrawler().crawl(site.url(path));
    expect(report.pages).toEqual([]);
    expect(report.problems.some((problem) => problem.startsWith(`The page ${path} redirects to`) && problem.includes(words))).toBe(true);
    expect(site.requests).not.toContain('/secret');
    expect(site.requests).not.toContain('/latest/meta-data/');
  });

  it.each(['/to-other-port', '/to-other-port-mapped'])('%s: a hop to a port that is not allowed never connects', async (path) => {
    const report = await hopCrawler().crawl(site.url(path));
    expect(report.pages).toEqual([]);
    expect(report.problems.join('\n')).toContain(`because it uses port ${otherPort.port}`);
    expect(otherPort.connections).toBe(0);
  });
});
