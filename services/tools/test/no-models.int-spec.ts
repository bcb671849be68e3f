import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { NO_MODELS_MESSAGE } from '../src/queue/tool-queue.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

// Neither a provider key nor the simulator (demo mode): no tool has a model to ask.
const harness = useToolsHarness('no-models', {
  workers: 1,
  env: { OPENAI_API_KEY: '', ANTHROPIC_API_KEY: '', GEMINI_API_KEY: '', XAI_API_KEY: '' },
});

async function storedRecords(): Promise<number> {
  const [counts] = await rows<{ audits: string; fanOuts: string; images: string }>(
    harness(),
    'SELECT (SELECT count(*) FROM llm_queries) AS audits, (SELECT count(*) FROM query_fan_out_requests) AS "fanOuts", (SELECT count(*) FROM image_analyses) AS images',
  );
  return Number(counts!.audits) + Number(counts!.fanOuts) + Number(counts!.images);
}

describe('tools with no model configured', () => {
  it('answer 503 with a readable sentence, queue nothing and store nothing', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a7' } }).png().toBuffer();
    const requests = [
      harness().http().post('/api/llm-query').send({ query: 'best vegan protein powder UK', brand: 'Brightleaf', email: 'a@example.com' }),
      harness().http().post('/api/query-fan-out').send({ keyword: 'vegan protein', website: 'https://example.com', email: 'a@example.com' }),
      harness().http().post('/api/analyze-image').send({ imageBase64: photo.toString('base64'), email: 'a@example.com' }),
    ];
    for (const response of await Promise.all(requests)) {
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ statusCode: 503, message: NO_MODELS_MESSAGE, error: 'Service Unavailable' });
    }
    expect(await harness().queue.getJobCounts()).toMatchObject({ waiting: 0, active: 0, completed: 0, failed: 0 });
    expect(await storedRecords()).toBe(0);
  });

  it('still answers bad input 400 first', async () => {
    const response = await harness().http().post('/api/llm-query').send({ email: 'a@example.com' }).expect(400);
    expect(response.body.statusCode).toBe(400);
  });
});
