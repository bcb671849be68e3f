import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startPrivateGateway, type PrivateGateway } from '../support/private-gateway.js';

const PUBLIC_READ = 'public, max-age=0, s-maxage=1';
/** Shaped like the session store's ids (32 random bytes, base64url); the gateway cannot tell a real one. */
const SESSION_ID = 'n2p_MYnnnCHF2oX-WvcWU2QBf_pDiC-AbzSwTroZ9gM';

/** Counts the requests that reach it per path and answers with the count and the headers each path asks for. */
function startCountingUpstream(): Promise<http.Server> {
  const hits = new Map<string, number>();
  const headersFor: Record<string, Record<string, string>> = {
    '/api/blog-posts': { 'cache-control': PUBLIC_READ },
    '/api/categories': { 'cache-control': PUBLIC_READ, 'set-cookie': 'tracker=1; Path=/' },
    '/api/youtube-videos': { 'cache-control': 'private' },
    '/api/search-lab-entries': { 'cache-control': 'no-store' },
    '/api/admin/blog-posts': { 'cache-control': 'public, s-maxage=60' },
    // Pages: the web server sends no Cache-Control on a page, no-store on an admin preview.
    '/blog/preview-of-a-draft': { 'cache-control': 'no-store' },
    '/blog/private-page': { 'cache-control': 'private' },
  };
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    const count = (hits.get(path) ?? 0) + 1;
    hits.set(path, count);
    res.writeHead(200, { 'content-type': 'application/json', ...headersFor[path] });
    res.end(JSON.stringify({ count }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

interface Read {
  count: number;
  cacheStatus: string | null;
}

/** A private gateway in front of a counting upstream for the enclosing describe block. */
function useCountingGateway(started: (gateway: PrivateGateway) => void): void {
  let upstream: http.Server | undefined;
  let gateway: PrivateGateway | undefined;
  before(async () => {
    upstream = await startCountingUpstream();
    gateway = await startPrivateGateway((upstream.address() as AddressInfo).port);
    started(gateway);
  });
  after(async () => {
    await gateway?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });
}

void describe('the gateway micro-cache of public content reads', () => {
  let gateway: PrivateGateway;
  useCountingGateway((started) => (gateway = started));

  async function read(path: string, headers: Record<string, string> = {}): Promise<Read> {
    const response = await fetch(`${gateway.url}${path}`, { headers });
    assert.equal(response.status, 200, path);
    const { count } = (await response.json()) as { count: number };
    return { count, cacheStatus: response.headers.get('x-cache-status') };
  }

  void test('a burst of public reads costs the service one request, and the answer is renewed within 2 s', async () => {
    const first = await read('/api/blog-posts');
    const burst = await Promise.all(Array.from({ length: 20 }, () => read('/api/blog-posts')));
    assert.ok(burst.every((answer) => answer.count === first.count), 'the burst is served from the cache');
    assert.ok(burst.some((answer) => answer.cacheStatus === 'HIT'));

    const started = Date.now();
    let latest = first;
    while (latest.count === first.count && Date.now() - started < 5000) {
      await sleep(100);
      latest = await read('/api/blog-posts');
    }
    assert.ok(latest.count > first.count, 'the service is asked again once the answer is a second old');
    assert.ok(Date.now() - started <= 2300, `renewed after ${Date.now() - started} ms`);
  });

  void test('requests with the admin session cookie neither read nor fill the cache', async () => {
    const cached = await read('/api/blog-posts');
    for (const cookie of [`admin_session=${SESSION_ID}`, `theme=dark; __Host-admin_session=${SESSION_ID}`, `__Host-admin_session=${SESSION_ID}; theme=dark`]) {
      const admin = await read('/api/blog-posts', { cookie });
      assert.equal(admin.cacheStatus, 'BYPASS', cookie);
      assert.ok(admin.count > cached.count, `${cookie}: answered by the service`);
    }
    const visitor = await read('/api/blog-posts');
    assert.equal(visitor.count, cached.count, "the admin's answers were not stored for visitors");
  });

  void test("a cookie that only borrows the admin cookie's name is served from the cache like any visitor", async () => {
    const cached = await read('/api/blog-posts');
    for (const cookie of [
      'admin_session=abc',
      'admin_session=',
      `admin_session=${SESSION_ID}x`,
      `admin_session=${SESSION_ID.slice(1)}.`,
      `not_admin_session=${SESSION_ID}`,
      `theme=admin_session=${SESSION_ID}`,
    ]) {
      const visitor = await read('/api/blog-posts', { cookie });
      assert.notEqual(visitor.cacheStatus, 'BYPASS', cookie);
      assert.equal(visitor.count, cached.count, `${cookie}: answered from the cache`);
    }
  });

  void test('answers that set a cookie or are private or no-store are never kept', async () => {
    for (const path of ['/api/categories', '/api/youtube-videos', '/api/search-lab-entries']) {
      const first = await read(path);
      const second = await read(path);
      assert.equal(second.count, first.count + 1, `${path} reached the service twice`);
    }
  });

  void test('admin routes are not micro-cached whatever they say', async () => {
    const first = await read('/api/admin/blog-posts');
    const second = await read('/api/admin/blog-posts');
    assert.equal(second.count, first.count + 1);
    assert.equal(second.cacheStatus, null);
  });
});

void describe('the gateway micro-cache bypass', () => {
  let gateway: PrivateGateway;
  useCountingGateway((started) => (gateway = started));

  void test('is rate-limited per client: a flood with the admin cookie gets JSON 429s while visitors are still served', async () => {
    const flood = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await fetch(`${gateway.url}/api/blog-posts`, { headers: { cookie: `admin_session=${SESSION_ID}` } });
        return { status: response.status, type: response.headers.get('content-type') ?? '', body: await response.text() };
      }),
    );
    const refused = flood.filter((answer) => answer.status === 429);
    assert.ok(refused.length > 0, 'some of the flood is refused');
    assert.ok(flood.every((answer) => answer.status === 200 || answer.status === 429), flood.map((answer) => answer.status).join(' '));
    for (const answer of refused) {
      assert.match(answer.type, /^application\/json/);
      assert.deepEqual(JSON.parse(answer.body), {
        statusCode: 429,
        message: 'Too many requests. Please wait a moment and try again.',
        error: 'Too Many Requests',
      });
    }
    const visitor = await fetch(`${gateway.url}/api/blog-posts`);
    assert.equal(visitor.status, 200, 'requests without the cookie are not limited');
    await visitor.arrayBuffer();
  });
});

void describe('the gateway micro-cache of public pages', () => {
  let gateway: PrivateGateway;
  useCountingGateway((started) => (gateway = started));

  async function read(path: string, headers: Record<string, string> = {}): Promise<Read & { cacheControl: string | null }> {
    const response = await fetch(`${gateway.url}${path}`, { headers });
    assert.equal(response.status, 200, path);
    const { count } = (await response.json()) as { count: number };
    return { count, cacheStatus: response.headers.get('x-cache-status'), cacheControl: response.headers.get('cache-control') };
  }

  void test('a burst of page views costs the web server one render, and browsers are told to revalidate', async () => {
    const first = await read('/blog/a-post');
    const views = await Promise.all(Array.from({ length: 20 }, () => read('/blog/a-post')));
    assert.ok(views.every((view) => view.count === first.count), 'every view answered from the one render');
    assert.equal(views[0]!.cacheStatus, 'HIT');
    assert.equal(views[0]!.cacheControl, 'no-cache');
    await sleep(2100);
    assert.ok((await read('/blog/a-post')).count > first.count, 'rendered again once the entry expires');
  });

  void test('the admin session cookie bypasses it, and no-store or private pages (previews) are never kept', async () => {
    await read('/about');
    const admin = await read('/about', { cookie: `admin_session=${SESSION_ID}` });
    assert.equal(admin.cacheStatus, 'BYPASS');
    const again = await read('/about', { cookie: `admin_session=${SESSION_ID}` });
    assert.equal(again.count, admin.count + 1);
    for (const path of ['/blog/preview-of-a-draft', '/blog/private-page']) {
      const first = await read(path);
      const second = await read(path);
      assert.equal(second.count, first.count + 1, `${path} rendered each time`);
    }
    // The page's own Cache-Control passes through alone, not beside the gateway's no-cache.
    assert.equal((await read('/blog/preview-of-a-draft')).cacheControl, 'no-store');
  });
});
