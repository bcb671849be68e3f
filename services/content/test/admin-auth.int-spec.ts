import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { adminCookie, ADMIN_PASSWORD, listRoutes, SITE_ORIGIN, startContentApp, type TestContext, withClockHeld } from './support/test-app.js';

describe('admin sessions', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('auth');
  });
  afterEach(async () => {
    await ctx.redis.flushdb();
  });
  afterAll(() => ctx.close());

  const adminRoutes = () =>
    listRoutes(ctx.app).filter(
      (route) => (route.path.startsWith('/api/admin/') && route.path !== '/api/admin/login') || route.path === '/api/contact-messages',
    );

  const send = (method: string, path: string) => {
    const concretePath = path.replace(/:[A-Za-z]+/g, '1');
    const agent = ctx.http();
    switch (method) {
      case 'GET':
        return agent.get(concretePath);
      case 'POST':
        return agent.post(concretePath).send({});
      case 'PUT':
        return agent.put(concretePath).send({});
      case 'PATCH':
        return agent.patch(concretePath).send({});
      case 'DELETE':
        return agent.delete(concretePath);
      default:
        throw new Error(`unexpected method ${method}`);
    }
  };

  it('covers every admin route of the content service', () => {
    const paths = new Set(adminRoutes().map((route) => `${route.method} ${route.path}`));
    for (const resource of ['blog-posts', 'categories', 'search-lab-entries', 'youtube-videos']) {
      expect(paths).toContain(`POST /api/admin/${resource}`);
      expect(paths).toContain(`PUT /api/admin/${resource}/:id`);
      expect(paths).toContain(`DELETE /api/admin/${resource}/:id`);
    }
    for (const read of ['/api/admin/blog-posts', '/api/admin/search-lab-entries', '/api/admin/youtube-videos', '/api/contact-messages']) {
      expect(paths).toContain(`GET ${read}`);
    }
  });

  it('answers 401 JSON on every admin route without a session', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const route of routes) {
      const response = await send(route.method, route.path).set('Origin', SITE_ORIGIN);
      expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
      });
      expect(response.body).toEqual({ statusCode: 401, message: 'Please log in to the admin panel to continue.', error: 'Unauthorized' });
    }
  });

  it('answers 401 with a forged session cookie', async () => {
    await ctx.http().get('/api/admin/blog-posts').set('Cookie', 'admin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(401);
    await ctx.http().get('/api/admin/blog-posts').set('Cookie', 'admin_session=../../etc').expect(401);
  });

  it('ignores letter case and trailing slashes in admin paths', async () => {
    await ctx.http().get('/API/ADMIN/blog-posts').expect((response) => expect([401, 404]).toContain(response.status));
    await ctx.http().get('/api/admin/blog-posts/').expect(401);
  });

  it('logs in with the password and sets a strict, HttpOnly session cookie', async () => {
    const response = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD }).expect(204);
    const cookie = (response.headers['set-cookie'] as unknown as string[])[0]!;
    expect(cookie).toMatch(/^admin_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Strict');
    expect(cookie).toContain('Path=/');
    const session = cookie.split(';')[0]!;
    await ctx.http().get('/api/admin/session').set('Cookie', session).expect(200, { authenticated: true });
  });

  it('refuses a wrong password with 401 "Invalid password"', async () => {
    const response = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: 'wrong' }).expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Invalid password', error: 'Unauthorized' });
  });

  it('refuses a login without a password with 400', async () => {
    await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({}).expect(400);
  });

  it('issues a new session id at each login and destroys the old one', async () => {
    const first = await adminCookie(ctx);
    const response = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('Cookie', first).send({ password: ADMIN_PASSWORD }).expect(204);
    const second = (response.headers['set-cookie'] as unknown as string[])[0]!.split(';')[0]!;
    expect(second).not.toBe(first);
    await ctx.http().get('/api/admin/session').set('Cookie', first).expect(401);
    await ctx.http().get('/api/admin/session').set('Cookie', second).expect(200);
  });

  it('destroys the session at logout, so the old cookie then gets 401', async () => {
    const cookie = await adminCookie(ctx);
    await ctx.http().get('/api/admin/blog-posts').set('Cookie', cookie).expect(200);
    await ctx.http().post('/api/admin/logout').set('Cookie', cookie).set('Origin', SITE_ORIGIN).expect(204);
    await ctx.http().get('/api/admin/blog-posts').set('Cookie', cookie).expect(401);
    await ctx.http().get('/api/contact-messages').set('Cookie', cookie).expect(401);
    const sessionKeys = await ctx.redis.keys('admin:session:*');
    expect(sessionKeys).toHaveLength(0);
  });

  it('refuses a cross-origin admin write with 403, even with a valid session', async () => {
    const cookie = await adminCookie(ctx);
    const body = { name: 'Cross origin' };
    const response = await ctx.http().post('/api/admin/categories').set('Cookie', cookie).set('Origin', 'https://evil.example').send(body).expect(403);
    expect(response.body).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    await ctx.http().post('/api/admin/categories').set('Cookie', cookie).send(body).expect(403);
    await ctx.http().post('/api/admin/categories').set('Cookie', cookie).set('Referer', 'https://evil.example/page').send(body).expect(403);
    await ctx.http().post('/api/admin/categories').set('Cookie', cookie).set('Referer', `${SITE_ORIGIN}/admin`).send(body).expect(201);
    await ctx.http().post('/api/admin/login').set('Origin', 'https://evil.example').send({ password: ADMIN_PASSWORD }).expect(403);
  });

  it('slows repeated wrong passwords from one IP with 429 and Retry-After, then lets the right password in after the wait', async () => {
    const login = (password: string) => ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password });
    for (let attempt = 1; attempt <= 5; attempt++) await login('guess').expect(401);
    const throttled = await login(ADMIN_PASSWORD).expect(429);
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((throttled.body as { message: string }).message).toMatch(/^Too many failed login attempts/);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await login(ADMIN_PASSWORD).expect(204);
    await login('guess').expect(401);
  }, 30_000);

  it('throttles per client IP as forwarded by the gateway, so an attacker does not lock out staff elsewhere', async () => {
    const from = (ip: string, password: string) =>
      ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('X-Forwarded-For', ip).send({ password });
    for (let attempt = 1; attempt <= 5; attempt++) await from('203.0.113.9', 'guess').expect(401);
    await from('203.0.113.9', 'guess').expect(429);
    await from('198.51.100.7', ADMIN_PASSWORD).expect(204);
  });

  it('answers a burst of 20 parallel wrong passwords from one address with five 401s and fifteen 429s with Retry-After', async () => {
    const guesses = await withClockHeld(() =>
      Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('X-Forwarded-For', '203.0.113.77').send({ password: `guess-${i}` }),
        ),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect({ checked: statuses.filter((status) => status === 401).length, throttled: statuses.filter((status) => status === 429).length }).toEqual({
      checked: 5,
      throttled: 15,
    });
    for (const throttled of guesses.filter((response) => response.status === 429)) {
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect((throttled.body as { message: string }).message).toMatch(/^Too many failed login attempts\. Please wait \d+ seconds and try again\.$/);
    }
    expect(await ctx.redis.hget('admin:login-failures:203.0.113.77', 'failures')).toBe('5');
  }, 60_000);

  it('checks exactly five of 20 parallel wrong passwords on the real clock, however long each check takes', async () => {
    // Sent 30 ms apart, all in flight together: later ones reach the throttle while the first
    // checks are still running, which on a busy machine outlast the first delay (1 s).
    const guesses = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 30));
        return ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('X-Forwarded-For', '203.0.113.78').send({ password: `guess-${i}` });
      }),
    );
    const statuses = guesses.map((response) => response.status);
    expect({ checked: statuses.filter((status) => status === 401).length, throttled: statuses.filter((status) => status === 429).length }).toEqual({
      checked: 5,
      throttled: 15,
    });
    expect(await ctx.redis.hget('admin:login-failures:203.0.113.78', 'failures')).toBe('5');
  }, 60_000);

  it('does not let a parallel burst from many addresses overshoot the global ceiling', async () => {
    await ctx.redis.set('admin:login-failures:all', '190', 'PX', 60_000);
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('X-Forwarded-For', `192.0.2.${i + 1}`).send({ password: 'guess' }),
      ),
    );
    const statuses = guesses.map((response) => response.status);
    expect({ checked: statuses.filter((status) => status === 401).length, throttled: statuses.filter((status) => status === 429).length }).toEqual({
      checked: 10,
      throttled: 20,
    });
    expect(await ctx.redis.get('admin:login-failures:all')).toBe('200');
  }, 60_000);

  it('stops all password checks for a while once the global ceiling of failures is reached', async () => {
    await ctx.redis.set('admin:login-failures:all', '200', 'PX', 60_000);
    const response = await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).set('X-Forwarded-For', '192.0.2.1').send({ password: 'guess' });
    expect(response.status).toBe(429);
  });
});
