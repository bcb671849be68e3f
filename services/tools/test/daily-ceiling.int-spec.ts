import { describe, expect, it } from '@jest/globals';
import { DAILY_CEILING_MESSAGE } from '../src/rate-limit/daily-model-calls.js';
import { postAudit } from './support/audit-load.js';
import { useToolsHarness, type ApiProcess } from './support/tools-harness.js';

// One answer per engine: an audit then starts nine model calls (four engines with search on and
// with it off, then the brand list).
const harness = useToolsHarness('dailyceiling', { workers: 1, env: { AUDIT_RUNS: '1' } });

/** Model calls counted today, over every day key (a run across midnight counts both). */
async function callsCounted(): Promise<number> {
  const keys = await harness().redis.keys('tools:model-calls:*');
  const values = keys.length > 0 ? await harness().redis.mget(keys) : [];
  return values.reduce((sum, value) => sum + Number(value ?? 0), 0);
}

function received(): number {
  return Object.values(harness().sim.stats()).reduce((sum, provider) => sum + provider.received, 0);
}

async function withApis(count: number, env: Record<string, string>, use: (apis: ApiProcess[]) => Promise<void>): Promise<void> {
  const apis = await Promise.all(Array.from({ length: count }, () => harness().startApiProcess(undefined, env)));
  try {
    await use(apis);
  } finally {
    await Promise.all(apis.map((api) => api.stop()));
    // Both limits start afresh for the next case: today's calls, and this client's runs.
    const keys = [...(await harness().redis.keys('tools:model-calls:*')), ...(await harness().redis.keys('tools:rate*'))];
    if (keys.length > 0) await harness().redis.del(...keys);
    harness().sim.reset();
  }
}

describe('the daily ceiling on model calls (TOOLS_DAILY_MODEL_CALLS)', () => {
  it('is shared by two API processes through Redis: past it, 503 with a sentence and Retry-After, and no model is called', async () => {
    // Twenty-seven calls: three audits of nine calls, whichever process takes them.
    await withApis(2, { TOOLS_DAILY_MODEL_CALLS: '27' }, async ([first, second]) => {
      const outcomes = await Promise.all(Array.from({ length: 8 }, (_, index) => postAudit(index % 2 === 0 ? first!.url : second!.url, `ceiling ${index}`)));
      const answered = outcomes.filter((outcome) => outcome.status === 200);
      const refused = outcomes.filter((outcome) => outcome.status === 503);
      expect({ answered: answered.length, refused: refused.length }).toEqual({ answered: 3, refused: 5 });
      for (const outcome of refused) expect(outcome.body).toEqual({ statusCode: 503, message: DAILY_CEILING_MESSAGE, error: 'Service Unavailable' });
      expect(received()).toBe(27);
      expect(await callsCounted()).toBe(27);

      // Every tool is refused once the day is spent, on either process, until the next UTC day.
      const fanOut = await fetch(`${second!.url}/api/query-fan-out`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ keyword: 'oat milk', website: 'https://example.com', email: 'a@b.co' }),
      });
      expect(fanOut.status).toBe(503);
      const retryAfter = Number(fanOut.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      expect(await callsCounted()).toBe(27);
    });
  }, 120_000);

  it('counts only requests that are queued: refused by validation or by the per-IP limit, they take nothing', async () => {
    await withApis(1, { TOOLS_DAILY_MODEL_CALLS: '100', TOOLS_RATE_LIMIT: '2' }, async ([api]) => {
      const invalid = await fetch(`${api!.url}/api/llm-query`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '', email: 'a@b.co' }),
      });
      expect(invalid.status).toBe(400);
      expect(await callsCounted()).toBe(0);
      // The invalid request used one of the two runs the IP is allowed; one audit, then 429.
      const outcomes = [await postAudit(api!.url, 'per ip one'), await postAudit(api!.url, 'per ip two')];
      expect(outcomes.map((outcome) => outcome.status)).toEqual([200, 429]);
      expect(await callsCounted()).toBe(9);
    });
  }, 120_000);
});
