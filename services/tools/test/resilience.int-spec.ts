import { describe, expect, it, beforeEach } from '@jest/globals';
import type { Server } from 'node:http';
import request from 'supertest';
import { rows, useToolsHarness, withToolsApp } from './support/tools-harness.js';

const harness = useToolsHarness('resilience', { workers: 0 });

function auditThrough(server: unknown, query: string) {
  return request(server as Server).post('/api/llm-query').send({ query, email: 'resilience@example.com' });
}

describe('tools resilience', () => {
  beforeEach(() => harness().sim.reset());

  it('reports a provider without a key as unavailable, without asking it or delaying the others', async () => {
    const worker = await harness().startWorker({ XAI_API_KEY: '' });
    try {
      const response = await harness().http().post('/api/llm-query').send({ query: 'organic baby wipes', email: 'a@b.co' }).expect(200);
      expect(Object.keys(response.body.responses).sort()).toEqual(['claude', 'gemini', 'openai']);
      expect(response.body.errors).toEqual({});
      expect(harness().sim.stats().xai.received).toBe(0);
    } finally {
      await harness().stopWorker(worker);
    }
    // A worker's start includes asking each provider's models list.
  }, 20_000);

  it('answers 504 when no worker finishes in time, and a late worker spends nothing on the abandoned job', async () => {
    const started = Date.now();
    const response = await harness().http().post('/api/llm-query').send({ query: 'abandoned query', email: 'a@b.co' }).expect(504);
    expect(Date.now() - started).toBeGreaterThanOrEqual(7900); // MODEL_DEADLINE_MS 3000 + TOOLS_QUEUE_WAIT_MS 5000
    expect(response.body).toEqual({
      statusCode: 504,
      message: 'The analysis took too long to finish. Please try again in a moment.',
      error: 'Gateway Timeout',
    });
    const worker = await harness().startWorker();
    try {
      const deadline = Date.now() + 5000;
      while ((await harness().queue.getWaitingCount()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 300));
      expect(harness().sim.stats().openai.received).toBe(0);
      expect(await rows(harness(), `SELECT id FROM llm_queries WHERE query = 'abandoned query'`)).toEqual([]);
    } finally {
      await harness().stopWorker(worker);
    }
  }, 30_000);

  it('answers 503 within a second when Redis is unreachable', async () => {
    await withToolsApp(harness(), { REDIS_URL: 'redis://127.0.0.1:1' }, async (app) => {
      const started = Date.now();
      const response = await auditThrough(app.getHttpServer(), 'redis is down');
      expect(Date.now() - started).toBeLessThan(1000);
      expect(response.status).toBe(503);
      expect(response.body).toMatchObject({ statusCode: 503, message: expect.any(String) });
      await request(app.getHttpServer() as Server).get('/health/ready').expect(503);
    });
  }, 20_000);
});
