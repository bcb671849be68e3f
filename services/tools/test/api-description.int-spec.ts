import { describe, expect, it } from '@jest/globals';
import { undocumentedRoutes } from '@agency/server-kit/testing';
import { useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('openapi', { workers: 0 });

describe("API description (tools API's own port)", () => {
  it('describes every route the tools API registered, in OpenAPI 3.1', async () => {
    const response = await harness().http().get('/openapi.json').expect(200).expect('Content-Type', /application\/json/);
    expect(response.body.openapi).toBe('3.1.0');
    expect(undocumentedRoutes(harness().app(), response.body)).toEqual([]);
    expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/api/llm-query', '/api/analyze-image', '/api/query-fan-out', '/api/tool-progress/{requestId}']));
  });

  it('describes the tool forms from their validation rules, and the admin records behind the session', async () => {
    const { body } = await harness().http().get('/openapi.json').expect(200);
    expect(body.components.schemas.AuditInput).toMatchObject({
      required: ['query', 'email'],
      properties: { query: { type: 'string', minLength: 1, maxLength: 500 }, brand: { type: ['string', 'null'] }, email: { type: 'string' } },
    });
    expect(body.components.schemas.AuditInput.properties.competitors).toMatchObject({ maxItems: 5, items: { type: 'string', minLength: 1, maxLength: 100 } });
    expect(body.components.schemas.ImageInput.properties.imageBase64).toMatchObject({ type: 'string', contentEncoding: 'base64' });
    expect(body.paths['/api/admin/llm-queries'].get.security).toEqual([{ adminSession: [] }]);
    expect(body.paths['/api/llm-query'].post.security).toBeUndefined();
    expect(body.paths['/openapi.json'].get['x-service-port-only']).toBe(true);
  });
});
