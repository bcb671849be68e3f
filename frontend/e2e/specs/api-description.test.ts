import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eStack } from '../support/e2e-env.js';

/** The merged OpenAPI document and its page, through the real gateway with the tools API running. */
void describe('API description through the gateway', () => {
  void test('GET /api/openapi.json describes both services in one OpenAPI 3.1 document', async () => {
    const response = await fetch(`${e2eStack.gatewayUrl}/api/openapi.json`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /application\/json/);
    const document = (await response.json()) as { openapi: string; paths: Record<string, Record<string, unknown>>; 'x-missing-services'?: string[] };
    assert.equal(document.openapi, '3.1.0');
    assert.equal(document['x-missing-services'], undefined);
    for (const [path, method] of [
      ['/api/blog-posts', 'get'],
      ['/api/admin/blog-posts/{id}', 'put'],
      ['/api/llm-query', 'post'],
      ['/api/analyze-image', 'post'],
      ['/api/admin/llm-queries', 'get'],
    ] as const) {
      assert.ok(document.paths[path]?.[method], `${method.toUpperCase()} ${path} is described`);
    }
  });

  void test('GET /api/docs is a readable page that keeps the gateway Content-Security-Policy', async () => {
    const response = await fetch(`${e2eStack.gatewayUrl}/api/docs`);
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /text\/html/);
    assert.match(response.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    const page = await response.text();
    assert.match(page, /POST<\/span> \/api\/query-fan-out/);
    assert.doesNotMatch(page, /<script/i);
  });

  void test("the tools API's own document is not served through the gateway", async () => {
    const response = await fetch(`${e2eStack.gatewayUrl}/openapi.json`);
    assert.equal(response.status, 404);
  });
});
