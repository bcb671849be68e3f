import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ADMIN_PASSWORD, SITE_ORIGIN, startContentApp, type TestContext } from './support/test-app.js';

/** Nothing listens on this port: the service runs as if Redis were down. */
// Port 1: nothing listens there (the fault suite's throwaway Redis servers use 6390-6399).
const DEAD_REDIS_URL = 'redis://127.0.0.1:1/0';

describe('with Redis down', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('redisdown', { REDIS_URL: DEAD_REDIS_URL });
  });
  afterAll(() => ctx.close());

  it('answers admin requests with 503 JSON at once instead of letting anyone in', async () => {
    const started = Date.now();
    const response = await ctx.http().get('/api/admin/blog-posts').set('Cookie', 'admin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA').expect(503);
    expect(response.body).toEqual({
      statusCode: 503,
      message: 'The service is temporarily unavailable. Please try again in a moment.',
      error: 'Service Unavailable',
    });
    expect(Date.now() - started).toBeLessThan(3000);
    await ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD }).expect(503);
  });

  it('still serves public content from Postgres', async () => {
    await ctx.http().get('/api/blog-posts').expect(200);
  });

  it('reports Redis as down in readiness', async () => {
    const response = await ctx.http().get('/health/ready').expect(503);
    expect(response.body).toMatchObject({ statusCode: 503, message: 'Not ready: redis unavailable.' });
  });
});
