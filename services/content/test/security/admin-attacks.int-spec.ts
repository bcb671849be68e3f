import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { AdminSessionStore, SESSION_ABSOLUTE_TIMEOUT_MS } from '@agency/server-kit';
import { adminRoutes, routeKey, runAdminAttacks, storedRowsFingerprint } from '@agency/server-kit/testing';
import { ADMIN_PASSWORD, SITE_ORIGIN, startContentApp, startSeededOnLoopback, type TestContext, withClockHeld } from '../support/test-app.js';
import { VALID_BODIES } from '../support/valid-bodies.js';

function setCookies(response: { headers: Record<string, unknown> }): string[] {
  return (response.headers['set-cookie'] as string[] | undefined) ?? [];
}

function cookieNamed(lines: string[], name: string): string {
  const line = lines.find((candidate) => candidate.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in ${JSON.stringify(lines)}`);
  return line;
}

const pair = (line: string): string => line.split(';')[0]!;

describe('admin attacks on every admin route of the content service', () => {
  let ctx: TestContext;
  let baseUrl: string;

  beforeAll(async () => {
    ({ ctx, baseUrl } = await startSeededOnLoopback('attacks'));
  }, 60_000);
  afterAll(() => ctx.close());

  it('refuses every attack on every route the router serves behind the session guard', async () => {
    const routes = adminRoutes(ctx.app);
    expect(routes.length).toBeGreaterThanOrEqual(20);
    const sessions = new AdminSessionStore(ctx.redis);
    const outcomes = await runAdminAttacks({
      baseUrl,
      siteOrigin: SITE_ORIGIN,
      cookieName: 'admin_session',
      routes,
      signIn: () => sessions.create(),
      // Logout through the real endpoint, as the admin page does.
      signOut: async (sessionId) => {
        await ctx.http().post('/api/admin/logout').set('Origin', SITE_ORIGIN).set('Cookie', `admin_session=${sessionId}`).expect(204);
      },
      snapshot: () => storedRowsFingerprint((sql) => ctx.dataSource.query(sql)),
      bodyFor: (route) => VALID_BODIES[routeKey(route)] ?? {},
    });
    const failures = outcomes.filter((outcome) => outcome.problems.length > 0);
    process.stdout.write(`[admin attacks] content: ${outcomes.length} attacks on ${routes.length} admin routes, ${failures.length} got through\n`);
    expect(failures).toEqual([]);
  }, 120_000);

  it('a session cookie from a real login, replayed after logout, opens nothing', async () => {
    const login = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD }).expect(204);
    const session = pair(cookieNamed(setCookies(login), 'admin_session'));
    await ctx.http().get('/api/admin/blog-posts').set('Cookie', session).expect(200);
    await ctx.http().post('/api/admin/logout').set('Origin', SITE_ORIGIN).set('Cookie', session).expect(204);
    for (const route of adminRoutes(ctx.app)) {
      const path = route.path.replace(/:[A-Za-z]+/g, '1');
      const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const response = await ctx.http()[method](path).set('Origin', SITE_ORIGIN).set('Cookie', session).send(VALID_BODIES[routeKey(route)] ?? {});
      expect({ route: routeKey(route), status: response.status }).toEqual({ route: routeKey(route), status: 401 });
    }
  });

  it('sets the session cookie HttpOnly, SameSite=Strict, Path=/ and for the browser session only; logout expires it', async () => {
    const login = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD }).expect(204);
    const session = cookieNamed(setCookies(login), 'admin_session');
    expect(session).toMatch(/^admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
    const device = cookieNamed(setCookies(login), 'admin_device');
    expect(device).toMatch(/^admin_device=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
    const logout = await ctx.http().post('/api/admin/logout').set('Origin', SITE_ORIGIN).set('Cookie', pair(session)).expect(204);
    expect(cookieNamed(setCookies(logout), 'admin_session')).toMatch(/^admin_session=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Strict$/);
    // The server ends the session after the absolute timeout, whatever the browser keeps.
    expect(SESSION_ABSOLUTE_TIMEOUT_MS).toBeLessThanOrEqual(8 * 60 * 60 * 1000);
  });

  it('behind TLS (an https PUBLIC_SITE_URL) the cookies are __Host- prefixed and Secure, with no Domain', async () => {
    const tls = await startContentApp('attacks_tls', { PUBLIC_SITE_URL: 'https://agency.example' });
    try {
      const login = await tls.http().post('/api/admin/login').set('Origin', 'https://agency.example').send({ password: ADMIN_PASSWORD }).expect(204);
      const session = cookieNamed(setCookies(login), '__Host-admin_session');
      expect(session).toMatch(/^__Host-admin_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
      expect(cookieNamed(setCookies(login), '__Host-admin_device')).toMatch(/; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Strict$/);
      for (const line of setCookies(login)) expect(line).not.toMatch(/Domain=/i);
      await tls.http().get('/api/admin/session').set('Cookie', pair(session)).expect(200);
      // The unprefixed name, which a sibling subdomain could set over HTTP, is not read.
      await tls.http().get('/api/admin/session').set('Cookie', pair(session).replace('__Host-', '')).expect(401);
    } finally {
      await tls.close();
    }
  });
});

describe('password guessing cannot lock the admin out', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('lockout');
  }, 60_000);
  afterEach(async () => {
    await ctx.redis.flushdb();
  });
  afterAll(() => ctx.close());

  const login = (password: string, headers: Record<string, string> = {}) =>
    ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set(headers).send({ password });

  it('100 wrong passwords from the admin’s own network are throttled, yet the admin’s browser gets straight in', async () => {
    const office = { 'X-Forwarded-For': '203.0.113.50' };
    const earlier = await login(ADMIN_PASSWORD, office).expect(204);
    const device = pair(cookieNamed(setCookies(earlier), 'admin_device'));

    const started = Date.now();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 100; attempt++) statuses.push((await login(`guess-${attempt}`, office)).status);
    const elapsedMs = Date.now() - started;
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    // Only guesses made after each doubling delay are checked at all: 5 free, then 1 s, 2 s, 4 s…
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(5 + Math.ceil(Math.log2(elapsedMs / 1000 + 1)) + 1);

    const admin = await login(ADMIN_PASSWORD, { ...office, Cookie: device }).expect(204);
    expect(cookieNamed(setCookies(admin), 'admin_device')).not.toContain(device);
    // A forged device cookie, or the admin's previous one (rotated at that login), counts as no
    // device: the guess lands on the address's record, never on a device's own.
    for (const cookie of ['admin_device=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', device]) {
      const before = Number(await ctx.redis.hget('admin:login-failures:203.0.113.50', 'failures'));
      const guess = await login('guess', { ...office, Cookie: cookie });
      expect([401, 429]).toContain(guess.status);
      const after = Number(await ctx.redis.hget('admin:login-failures:203.0.113.50', 'failures'));
      expect(after - before).toBe(guess.status === 401 ? 1 : 0);
    }
    expect(await ctx.redis.keys('admin:login-failures:device:*')).toEqual([]);
    process.stdout.write(`[admin attacks] 100 wrong passwords from one address in ${elapsedMs} ms: ${checked} checked, ${100 - checked} throttled (429)\n`);
    // Staff elsewhere, without a device cookie, are not affected either.
    await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '198.51.100.20' }).expect(204);
  }, 60_000);

  it('guesses spread over many addresses hit the global ceiling, which still spares the admin’s browser', async () => {
    const earlier = await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '192.0.2.10' }).expect(204);
    const device = pair(cookieNamed(setCookies(earlier), 'admin_device'));
    await ctx.redis.set('admin:login-failures:all', '200', 'PX', 60_000);
    await login('guess', { 'X-Forwarded-For': '198.51.100.99' }).expect(429);
    await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '198.51.100.98' }).expect(429);
    await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '198.51.100.97', Cookie: device }).expect(204);
  });

  it('20 wrong passwords sent at once from the admin’s network get five checks, and the admin’s browser gets in during the burst', async () => {
    const office = { 'X-Forwarded-For': '203.0.113.60' };
    const earlier = await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '198.51.100.60' }).expect(204);
    const device = pair(cookieNamed(setCookies(earlier), 'admin_device'));
    const [admin, ...guesses] = await withClockHeld(() =>
      Promise.all([login(ADMIN_PASSWORD, { ...office, Cookie: device }), ...Array.from({ length: 20 }, (_, i) => login(`guess-${i}`, office))]),
    );
    expect(admin.status).toBe(204);
    const statuses = guesses.map((response) => response.status);
    expect({ checked: statuses.filter((status) => status === 401).length, throttled: statuses.filter((status) => status === 429).length }).toEqual({
      checked: 5,
      throttled: 15,
    });
    for (const throttled of guesses.filter((response) => response.status === 429)) expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  }, 60_000);

  it('20 wrong passwords sent at once with a device cookie get five checks, counted on the device’s record only', async () => {
    const earlier = await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '198.51.100.61' }).expect(204);
    const device = pair(cookieNamed(setCookies(earlier), 'admin_device'));
    const guesses = await withClockHeld(() =>
      Promise.all(Array.from({ length: 20 }, (_, i) => login(`guess-${i}`, { 'X-Forwarded-For': '203.0.113.61', Cookie: device }))),
    );
    const statuses = guesses.map((response) => response.status);
    expect({ checked: statuses.filter((status) => status === 401).length, throttled: statuses.filter((status) => status === 429).length }).toEqual({
      checked: 5,
      throttled: 15,
    });
    const [deviceRecord] = await ctx.redis.keys('admin:login-failures:device:*');
    expect(await ctx.redis.hget(deviceRecord!, 'failures')).toBe('5');
    expect(await ctx.redis.exists('admin:login-failures:203.0.113.61')).toBe(0);
    expect(Number(await ctx.redis.get('admin:login-failures:all'))).toBe(0);
  }, 60_000);

  it('a client rotating through its own IPv6 /64 is throttled as one client', async () => {
    for (let i = 1; i <= 5; i++) await login('guess', { 'X-Forwarded-For': `2001:db8:77:1::${i}` }).expect(401);
    await login('guess', { 'X-Forwarded-For': '2001:db8:77:1::abcd' }).expect(429);
    await login(ADMIN_PASSWORD, { 'X-Forwarded-For': '2001:db8:77:2::1' }).expect(204);
  }, 30_000);
});
