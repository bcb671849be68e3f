import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eStack } from '../support/e2e-env.js';

const api = (path: string): string => `${e2eStack.gatewayUrl}/api${path}`;

/** The tools API, its workers and the model simulator behind the real gateway, as `make start` runs them in demo mode. */
void describe('tools through the gateway (demo mode)', () => {
  void test('an audit answers with all four simulated models', async () => {
    const response = await fetch(api('/llm-query'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'best reusable water bottle', brand: 'Corvel', email: 'e2e-audit@example.com' }),
    });
    assert.equal(response.status, 200);
    const body = (await response.json()) as { query: string; responses: Record<string, string>; errors: Record<string, string> };
    assert.equal(body.query, 'best reusable water bottle');
    // Demo mode asks Perplexity beside SPEC's four.
    assert.deepEqual(Object.keys(body.responses).sort(), ['claude', 'gemini', 'grok', 'openai', 'perplexity']);
    assert.deepEqual(body.errors, {});
    assert.match(body.responses.openai ?? '', /Simulated ChatGPT answer/);
  });

  void test('the site health includes the tools API', async () => {
    const response = await fetch(api('/health'));
    assert.equal(response.status, 200);
    const body = (await response.json()) as { checks: Record<string, string> };
    assert.deepEqual(body.checks, { postgres: 'up', redis: 'up', tools: 'up' });
  });

  void test('the gateway refuses an image body over its limit with the JSON error shape', async () => {
    const response = await fetch(api('/analyze-image'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.co', imageBase64: 'A'.repeat(16 * 1024 * 1024) }),
    });
    assert.equal(response.status, 413);
    const body = (await response.json()) as { statusCode: number; message: string };
    assert.equal(body.statusCode, 413);
  });

  void test('a content route keeps its own 1 MB body limit at the gateway', async () => {
    const response = await fetch(api('/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x', email: 'a@b.co', message: 'x'.repeat(2 * 1024 * 1024) }),
    });
    assert.equal(response.status, 413);
  });

  void test('admin tool records need a session', async () => {
    assert.equal((await fetch(api('/admin/llm-queries'))).status, 401);
    assert.equal((await fetch(api('/admin/query-fan-out-requests'))).status, 401);
    assert.equal((await fetch(api('/admin/image-analyses'))).status, 401);
    assert.equal((await fetch(api('/admin/image-analyses/export'))).status, 401);
  });
});
