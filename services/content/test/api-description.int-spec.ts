import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { undocumentedRoutes } from '@agency/server-kit/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startContentApp, type TestContext } from './support/test-app.js';

/** Stands in for the tools API's own port: serves a document while `up`, 503 otherwise. */
function fakeToolsDescription(): { server: Server; url: () => string; setUp: (up: boolean) => void; requests: () => number } {
  let up = true;
  let requests = 0;
  const document = {
    openapi: '3.1.0',
    info: { title: 'Tools API', version: '1' },
    paths: { '/api/llm-query': { post: { operationId: 'AuditController_run', responses: { 200: { description: '' } } } } },
    components: { schemas: { AuditInput: { type: 'object', properties: { query: { type: 'string' } } } } },
  };
  const server = createServer((req, res) => {
    requests++;
    res.writeHead(up && req.url === '/openapi.json' ? 200 : 503, { 'Content-Type': 'application/json' });
    res.end(up ? JSON.stringify(document) : '{}');
  });
  return { server, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`, setUp: (value) => (up = value), requests: () => requests };
}

describe('API description (content service)', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await startContentApp('openapi');
  });
  afterAll(() => ctx.close());

  it('describes every route the service registered, in OpenAPI 3.1', async () => {
    const response = await ctx.http().get('/api/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    expect(response.body.openapi).toBe('3.1.0');
    expect(undocumentedRoutes(ctx.app, response.body)).toEqual([]);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/blog-posts/{idOrSlug}', '/api/openapi.json', '/api/docs']));
  });

  it('describes request bodies and query parameters from their validation rules', async () => {
    const { body } = await ctx.http().get('/api/openapi.json').expect(200);
    expect(body.components.schemas.BlogPostInput).toMatchObject({
      type: 'object',
      additionalProperties: false,
      required: expect.arrayContaining(['title', 'datePosted']),
      properties: {
        title: { type: 'string', minLength: 1, maxLength: 200 },
        readTime: { type: ['integer', 'null'], minimum: 1, maximum: 600 },
        // An http(s) address or a media library path: a rule of its own, so no single format.
        image: { type: ['string', 'null'] },
        imageAlt: { type: ['string', 'null'] },
        datePosted: { type: 'string', format: 'date-time' },
      },
    });
    expect(body.components.schemas.BlogPostInput.required).not.toContain('published');
    // Left out, the server computes it from the text.
    expect(body.components.schemas.BlogPostInput.required).not.toContain('readTime');
    const create = body.paths['/api/admin/blog-posts'].post;
    expect(create.requestBody.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/BlogPostInput' });
    const unsubscribe = body.paths['/api/newsletter/unsubscribe'].get as { parameters: { name: string; in: string }[] };
    expect(unsubscribe.parameters.map((parameter) => `${parameter.in} ${parameter.name}`).sort()).toEqual(['query email', 'query token']);
  });

  it('marks the admin routes as needing the session cookie, and only those', async () => {
    const { body } = await ctx.http().get('/api/openapi.json').expect(200);
    expect(body.components.securitySchemes.adminSession).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'admin_session' });
    expect(body.paths['/api/admin/blog-posts/{id}'].delete.security).toEqual([{ adminSession: [] }]);
    expect(body.paths['/api/contact-messages'].get.security).toEqual([{ adminSession: [] }]);
    expect(body.paths['/api/admin/login'].post.security).toBeUndefined();
    expect(body.paths['/api/blog-posts'].get.security).toBeUndefined();
    expect(body.paths['/health/ready'].get['x-service-port-only']).toBe(true);
  });

  it('names the tools API as missing while it does not answer', async () => {
    const { body } = await ctx.http().get('/api/openapi.json').expect(200);
    expect(body['x-missing-services']).toEqual(['tools API']);
  });

  it('serves a readable page of the same description, without scripts', async () => {
    const response = await ctx.http().get('/api/docs').expect(200).expect('Content-Type', /text\/html/);
    expect(response.text).toContain('POST</span> /api/admin/blog-posts');
    expect(response.text).toContain('Needs the admin session cookie.');
    expect(response.text).not.toMatch(/<script/i);
  });
});

describe('API description merged with the tools API', () => {
  const tools = fakeToolsDescription();
  let ctx: TestContext;

  beforeAll(async () => {
    await new Promise<void>((resolve) => tools.server.listen(0, '127.0.0.1', resolve));
    ctx = await startContentApp('openapi_merge', { TOOLS_INTERNAL_URL: tools.url() });
  });
  afterAll(async () => {
    await ctx.close();
    tools.server.close();
  });

  it("includes the tools API's paths and schemas, and keeps the last copy while it is down", async () => {
    const merged = (await ctx.http().get('/api/openapi.json').expect(200)).body;
    expect(merged.paths['/api/llm-query'].post.operationId).toBe('AuditController_run');
    expect(merged.paths['/api/blog-posts'].get).toBeDefined();
    expect(merged.components.schemas.AuditInput).toBeDefined();
    expect(merged['x-missing-services']).toBeUndefined();

    // Read again a few seconds later, while the tools API answers 503.
    tools.setUp(false);
    const asked = tools.requests();
    const later = Date.now() + 10_000;
    jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const whileDown = (await ctx.http().get('/api/openapi.json').expect(200)).body;
      expect(tools.requests()).toBe(asked + 1);
      expect(whileDown.paths['/api/llm-query']).toEqual(merged.paths['/api/llm-query']);
      expect(whileDown['x-missing-services']).toBeUndefined();
    } finally {
      jest.restoreAllMocks();
    }
  });
});
