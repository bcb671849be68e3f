import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Server } from 'node:http';
import { startContentApp, type TestContext } from './support/test-app.js';

describe('HTTP basics', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('http');
  });
  afterAll(() => ctx.close());

  it('keeps idle keep-alive connections open longer than the gateway keeps its own (60 s)', () => {
    // Otherwise nginx can send a request on a connection this server is closing, and answer it 502.
    const server = ctx.app.getHttpServer() as Server;
    expect(server.keepAliveTimeout).toBeGreaterThan(60_000);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
  });

  it('answers 413 JSON for a body over 1 MB', async () => {
    const response = await ctx
      .http()
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ name: 'n', email: 'a@b.co', message: 'x'.repeat(1024 * 1024) }))
      .expect(413);
    expect(response.body).toEqual({ statusCode: 413, message: 'The request body is larger than the 1 MB limit.', error: 'Payload Too Large' });
  });

  it('answers 400 JSON for malformed JSON', async () => {
    const response = await ctx.http().post('/api/contact').set('Content-Type', 'application/json').send('{"name": "n",').expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: 'The request body is not valid JSON.', error: 'Bad Request' });
  });

  it.each(['[]', '"text"', '42', 'null'])('answers 400 for the JSON body %s, which is not an object', async (body) => {
    const response = await ctx.http().post('/api/newsletter').set('Content-Type', 'application/json').send(body).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    await ctx.http().post('/api/contact').set('Content-Type', 'text/plain').send('name=x').expect(415);
  });

  it('answers 404 JSON for an unknown API path', async () => {
    const response = await ctx.http().get('/api/nothing-here').expect(404);
    expect(response.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('refuses prototype-pollution keys as unknown fields', async () => {
    const response = await ctx
      .http()
      .post('/api/newsletter')
      .set('Content-Type', 'application/json')
      .send('{"email":"a@b.co","__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')
      .expect(400);
    expect(response.body).toMatchObject({ statusCode: 400 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each(['/api/contact', '/api/admin/login', '/api/newsletter'])('answers %s a short 400 for a body of 60,000 unknown fields, and stores nothing', async (path) => {
    const fields = Object.fromEntries(Array.from({ length: 60_000 }, (_, index) => [`field${index}`, 'x']));
    const response = await ctx
      .http()
      .post(path)
      .set('Content-Type', 'application/json')
      .set('Origin', ctx.config.publicSiteUrl)
      .send(JSON.stringify({ email: 'a@b.co', ...fields }))
      .expect(400);
    expect(response.body).toEqual({ statusCode: 400, message: expect.stringMatching(/^The request body holds more than 1,000 fields and values/), error: 'Bad Request' });
    expect(JSON.stringify(response.body).length).toBeLessThan(300);
    expect(await ctx.dataSource.query('SELECT count(*)::int AS count FROM contact_messages')).toEqual([{ count: 0 }]);
  });

  it('names at most three of the unknown fields of a body under the value limit', async () => {
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, index) => [`field${index}`, 'x']));
    const response = await ctx.http().post('/api/newsletter').set('Content-Type', 'application/json').send(JSON.stringify({ email: 'a@b.co', ...fields })).expect(400);
    expect(response.body.message).toBe('Unknown fields "field0", "field1", "field2" and 497 others are not allowed.');
  });

  it('refuses admin writes sent as a form (415): they take JSON only', async () => {
    const response = await ctx.http().post('/api/admin/login').set('Origin', ctx.config.publicSiteUrl).type('form').send({ password: 'x' }).expect(415);
    expect(response.body).toMatchObject({ statusCode: 415, error: 'Unsupported Media Type' });
  });

  it('reports liveness and readiness', async () => {
    await ctx.http().get('/health').expect(200, { status: 'ok' });
    await ctx.http().get('/health/ready').expect(200, { status: 'ok', checks: { postgres: 'up', redis: 'up' } });
  });

  it('reports the site unhealthy while the tools API is not running', async () => {
    const response = await ctx.http().get('/api/health').expect(503);
    expect(response.body).toMatchObject({ statusCode: 503, message: 'Not ready: tools unavailable.' });
  });
});
