import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';
import { adminCookie, adminRequest, site } from '../support/site.js';

/*
 * Admin attacks through the real gateway. The attacker connects from its own loopback address
 * (127.0.0.3), so the throttle it earns never touches the other specs' logins from 127.0.0.1.
 */

const ATTACKER_ADDRESS = '127.0.0.3';

interface Answer {
  status: number;
  setCookie: string[];
  body: string;
}

/** POST /api/admin/login from a chosen local address, with any extra headers. */
function loginFrom(localAddress: string, password: string, headers: Record<string, string> = {}): Promise<Answer> {
  const body = JSON.stringify({ password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      site('/api/admin/login'),
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin: e2eStack.gatewayUrl, ...headers },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, setCookie: res.headers['set-cookie'] ?? [], body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const cookiePair = (lines: string[], name: string): string => lines.find((line) => line.startsWith(`${name}=`))?.split(';')[0] ?? '';

function spoofedHeaders(attempt: number): Record<string, string> {
  const octet = (attempt * 37) % 250;
  return {
    'x-forwarded-for': `198.51.100.${octet}, 203.0.113.${octet}`,
    'x-real-ip': `192.0.2.${octet}`,
    forwarded: `for=203.0.113.${octet};proto=https`,
    'x-client-ip': `10.0.0.${octet}`,
    'true-client-ip': `10.1.0.${octet}`,
  };
}

void describe('admin login through the gateway under attack', () => {
  void test('the session cookies keep their attributes through the gateway', async () => {
    const answer = await loginFrom('127.0.0.1', e2eStack.adminPassword);
    assert.equal(answer.status, 204, answer.body);
    const session = answer.setCookie.find((line) => line.startsWith('admin_session='));
    // Plain HTTP here: no Secure and no __Host- prefix (an https PUBLIC_SITE_URL adds both; see the content service's tests).
    assert.match(session ?? '', /^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    assert.match(answer.setCookie.find((line) => line.startsWith('admin_device=')) ?? '', /; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
  });

  void test('100 wrong passwords with spoofed client addresses are throttled as one client; the real admin still gets in', async () => {
    const earlier = await loginFrom(ATTACKER_ADDRESS, e2eStack.adminPassword);
    assert.equal(earlier.status, 204, earlier.body);
    const device = cookiePair(earlier.setCookie, 'admin_device');
    assert.ok(device);

    const started = Date.now();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 100; attempt++) statuses.push((await loginFrom(ATTACKER_ADDRESS, `guess-${attempt}`, spoofedHeaders(attempt))).status);
    const elapsedMs = Date.now() - started;
    const checked = statuses.filter((status) => status === 401).length;
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401]);
    assert.ok(statuses.every((status) => status === 401 || status === 429), statuses.join(','));
    // Had a spoofed header chosen the client, every guess would have been a fresh client and checked.
    assert.ok(checked <= 5 + Math.ceil(Math.log2(elapsedMs / 1000 + 1)) + 1, `${checked} guesses checked in ${elapsedMs} ms`);
    console.log(`[admin attacks] gateway: 100 wrong passwords with spoofed X-Forwarded-For in ${elapsedMs} ms: ${checked} checked, ${100 - checked} answered 429`);

    // Even the right password is not checked from the throttled address without the admin's browser...
    assert.equal((await loginFrom(ATTACKER_ADDRESS, e2eStack.adminPassword, spoofedHeaders(7))).status, 429);
    // ...but the browser the admin logged in from before gets straight in, on the same network,
    const admin = await loginFrom(ATTACKER_ADDRESS, e2eStack.adminPassword, { cookie: device });
    assert.equal(admin.status, 204, admin.body);
    const session = cookiePair(admin.setCookie, 'admin_session');
    assert.equal((await fetch(site('/api/admin/session'), { headers: { cookie: session } })).status, 200);
    // ...and staff on another address are not affected at all.
    assert.equal((await loginFrom('127.0.0.1', e2eStack.adminPassword)).status, 204);
  });
});

void describe('cross-site requests against the admin API in Chromium', () => {
  let attackerSite: http.Server;
  let attackerOrigin = '';
  const marker = `csrf-${Date.now().toString(36)}`;

  before(async () => {
    const target = site('/api/admin/categories');
    attackerSite = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><body>
        <form id="f" method="POST" action="${target}" enctype="text/plain">
          <input name='{"name":"${marker}-form","x":"' value='"}'>
        </form>
        <script>
          fetch(${JSON.stringify(target)}, { method: 'POST', mode: 'no-cors', credentials: 'include',
            headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ name: '${marker}-fetch' }) })
            .finally(() => document.getElementById('f').submit());
        </script></body>`);
    });
    await new Promise<void>((resolve) => attackerSite.listen(0, '127.0.0.1', resolve));
    // localhost and 127.0.0.1 are different sites to the browser, like evil.example and the real site.
    attackerOrigin = `http://localhost:${(attackerSite.address() as AddressInfo).port}`;
  });

  after(async () => {
    attackerSite?.closeAllConnections();
    await new Promise((resolve) => attackerSite?.close(resolve));
  });

  void test('a signed-in admin visiting another site cannot be made to write', async () => {
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext();
      const [name, value] = (await adminCookie()).split(';')[0]!.split('=') as [string, string];
      await context.addCookies([{ name, value, url: e2eStack.gatewayUrl, sameSite: 'Strict', httpOnly: true }]);
      const page = await context.newPage();
      const attempts: number[] = [];
      page.on('response', (response) => {
        if (response.url().includes('/api/admin/categories')) attempts.push(response.status());
      });
      await page.goto(attackerOrigin);
      await page.waitForURL(/api\/admin\/categories/, { timeout: 10_000 });
      assert.ok(attempts.length >= 1, 'the form reached the API');
      for (const status of attempts) assert.ok([401, 403, 415].includes(status), `cross-site write answered ${status}`);
      await context.close();
    } finally {
      await browser.close();
    }
    const categories = (await (await adminRequest(await adminCookie(), 'GET', '/api/admin/categories')).json()) as { name: string }[];
    assert.deepEqual(categories.filter((category) => category.name.startsWith(marker)), []);
  });
});
