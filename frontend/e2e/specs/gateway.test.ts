import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { e2eStack } from '../support/e2e-env.js';
import { PRIVATE_ASSET, startPrivateGateway, type PrivateGateway } from '../support/private-gateway.js';
import { rawRequest } from '../support/raw-http.js';

/** An upstream that reports the headers it received and can misbehave on request. */
function startEchoUpstream(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    if (req.url === '/api/drop-connection' || req.url === '/drop-connection') {
      req.socket.destroy();
      return;
    }
    if (req.url === '/api/not-ready') {
      res.writeHead(503, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 503, message: 'Redis is not ready.', error: 'Service Unavailable' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ headers: req.headers }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** Sends only the headers of a request that announces a body; nginx judges it by Content-Length. */
function postAnnouncingBody(url: string, bytes: number): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'POST', headers: { 'content-type': 'application/json', 'content-length': bytes } });
    req.setTimeout(10_000, () => req.destroy(new Error('no answer within 10 s')));
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type']), body });
        req.destroy();
      });
    });
    req.on('error', reject);
    req.flushHeaders();
  });
}

function assertErrorBody(body: unknown, statusCode: number): void {
  assert.equal(typeof body, 'object');
  const { statusCode: code, message, error } = body as Record<string, unknown>;
  assert.equal(code, statusCode);
  assert.equal(typeof message, 'string');
  assert.equal(typeof error, 'string');
}

/** Requests nginx refuses itself, before or while reading them; `path` is where they are sent. */
const UNREADABLE_REQUESTS: { what: string; status: number; request: (path: string) => string }[] = [
  { what: 'a header line without a colon', status: 400, request: (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nNot a header\r\n\r\n` },
  { what: 'two Host headers', status: 400, request: (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n` },
  { what: 'a malformed percent-escape in the address', status: 400, request: (path) => `GET ${path}%zz HTTP/1.1\r\nHost: x\r\n\r\n` },
  { what: 'an address over 8 KB', status: 414, request: (path) => `GET ${path}/${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n\r\n` },
  { what: 'a cookie over 8 KB', status: 431, request: (path) => `GET ${path} HTTP/1.1\r\nHost: x\r\nCookie: c=${'a'.repeat(9000)}\r\n\r\n` },
  {
    what: 'a malformed chunked body',
    status: 400,
    request: (path) => `POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n`,
  },
];

void describe('the gateway configuration', () => {
  let upstream: http.Server;
  let gateway: PrivateGateway;

  before(async () => {
    upstream = await startEchoUpstream();
    gateway = await startPrivateGateway((upstream.address() as AddressInfo).port);
  });

  after(async () => {
    await gateway?.stop();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });

  void test('a client cannot choose the address the services see', async () => {
    const response = await fetch(`${gateway.url}/api/whoami`, {
      headers: { 'X-Forwarded-For': '203.0.113.7, 198.51.100.9', 'X-Real-IP': '203.0.113.7' },
    });
    const { headers } = (await response.json()) as { headers: Record<string, string> };
    assert.equal(headers['x-forwarded-for'], '127.0.0.1');
    assert.equal(headers['x-real-ip'], '127.0.0.1');
    assert.equal(headers['x-forwarded-proto'], 'http');
  });

  void test("the stack's own rendered gateway overwrites X-Forwarded-For", () => {
    const conf = readFileSync(`${e2eStack.runDir}/nginx/gateway.conf`, 'utf8');
    assert.match(conf, /proxy_set_header X-Forwarded-For \$remote_addr;/);
    assert.doesNotMatch(conf, /\$proxy_add_x_forwarded_for/);
  });

  void test('an unreachable service gives a JSON 502', async () => {
    const response = await fetch(`${gateway.url}/api/drop-connection`);
    assert.equal(response.status, 502);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    assertErrorBody(await response.json(), 502);
  });

  void test('a body over 16 MB gives a JSON 413 without reaching the service', async () => {
    const { status, type, body } = await postAnnouncingBody(`${gateway.url}/api/upload`, 17 * 1024 * 1024);
    assert.equal(status, 413);
    assert.match(type, /^application\/json/);
    assertErrorBody(JSON.parse(body), 413);
  });

  void test("nginx's own refusals of unreadable requests are JSON errors under /api/ and HTML elsewhere", async () => {
    for (const { what, status, request } of UNREADABLE_REQUESTS) {
      const api = await rawRequest(gateway.url, request('/api/echo'));
      assert.equal(api.status, status, what);
      assert.match(api.headers['content-type'] ?? '', /^application\/json/, what);
      const body = JSON.parse(api.body) as Record<string, unknown>;
      assertErrorBody(body, status);
      assert.match(String(body.message), /^[A-Z].+\.$/, `${what}: a sentence`);
      assert.equal(api.headers['x-content-type-options'], 'nosniff', what);

      const page = await rawRequest(gateway.url, request('/blog'));
      assert.ok(page.status >= 400 && page.status < 500, `${what} on a page: ${page.status}`);
      assert.match(page.headers['content-type'] ?? '', /^text\/html/, `${what} on a page`);
      // The site's own small page, not nginx's stock one (which names the server).
      assert.doesNotMatch(page.body, /nginx|<center>/i, `${what} on a page: not the stock page`);
      assert.match(page.body, /<html lang="en-GB">/, what);
      assert.match(page.body, /<h1>[A-Z][^<]+<\/h1>/, what);
      assert.match(page.body, /<a href="\/">/, `${what}: a way back to the home page`);
    }
  });

  void test("a service's own error answer passes through unchanged", async () => {
    const response = await fetch(`${gateway.url}/api/not-ready`);
    assert.equal(response.status, 503);
    assert.deepEqual(await response.json(), { statusCode: 503, message: 'Redis is not ready.', error: 'Service Unavailable' });
  });

  void test('pages go to the web server and are revalidated; hashed assets are files cached for a year', async () => {
    const page = await fetch(`${gateway.url}/blog/some-post`);
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('cache-control'), 'no-cache');
    const { headers } = (await page.json()) as { headers: Record<string, string> };
    assert.equal(headers['x-forwarded-for'], '127.0.0.1');
    const asset = await fetch(`${gateway.url}${PRIVATE_ASSET}`);
    assert.equal(asset.status, 200);
    assert.equal(asset.headers.get('cache-control'), 'public, max-age=31536000, immutable');
    assert.equal((await fetch(`${gateway.url}/assets/missing-0000.js`)).status, 404);
  });

  void test('an unreachable web server gives an HTML 503, not a bare nginx error', async () => {
    const response = await fetch(`${gateway.url}/drop-connection`);
    assert.equal(response.status, 503);
    assert.match(response.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(await response.text(), /Temporarily unavailable/);
  });

  void test('a TLS terminator in front (X-Forwarded-Proto: https) turns HSTS on; plain HTTP leaves it off', async () => {
    for (const path of ['/', '/api/anything']) {
      const behindTls = await fetch(`${gateway.url}${path}`, { headers: { 'X-Forwarded-Proto': 'https' } });
      assert.equal(behindTls.headers.get('strict-transport-security'), 'max-age=31536000', path);
      const plain = await fetch(`${gateway.url}${path}`);
      assert.equal(plain.headers.get('strict-transport-security'), null, path);
      const otherwise = await fetch(`${gateway.url}${path}`, { headers: { 'X-Forwarded-Proto': 'http' } });
      assert.equal(otherwise.headers.get('strict-transport-security'), null, path);
    }
  });

  void test('every answer carries the security headers and no server version', async () => {
    for (const path of ['/', '/api/whoami', '/api/drop-connection']) {
      const response = await fetch(`${gateway.url}${path}`);
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', path);
      assert.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN', path);
      assert.equal(response.headers.get('server'), 'nginx', path);
    }
  });
});
