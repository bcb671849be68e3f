import { describe, expect, it, beforeEach } from '@jest/globals';
import { simulatedAuditAnswer } from '@agency/model-sim';
import { rows, SITE_ORIGIN, useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('audit', { workers: 1 });

function audit(body: Record<string, unknown>) {
  return harness().http().post('/api/llm-query').set('Content-Type', 'application/json').send(body);
}

describe('AI Search Audit', () => {
  beforeEach(() => harness().sim.reset());

  it('answers with every model keyed openai, claude, gemini and grok, and stores the record and the subscriber', async () => {
    const query = 'best vegan protein powder UK';
    const response = await audit({ query: `  ${query} `, brand: 'Brightleaf', email: 'Shopper@Example.com' }).expect(200);
    expect(response.body).toEqual({
      query,
      responses: {
        openai: simulatedAuditAnswer('openai', query),
        claude: simulatedAuditAnswer('anthropic', query),
        gemini: simulatedAuditAnswer('gemini', query),
        grok: simulatedAuditAnswer('xai', query),
      },
      errors: {},
    });
    const [record] = await rows<{ query: string; brand: string; email: string; model: string; response: string }>(
      harness(),
      'SELECT query, brand, email, model, response FROM llm_queries',
    );
    expect(record).toMatchObject({ query, brand: 'Brightleaf', email: 'Shopper@Example.com', model: 'gpt-4o' });
    expect(JSON.parse(record!.response)).toEqual(response.body.responses);
    const subscribers = await rows(harness(), `SELECT email, source FROM marketing_subscribers WHERE email = 'shopper@example.com'`);
    expect(subscribers).toEqual([{ email: 'shopper@example.com', source: 'ai-search-audit' }]);
  });

  it('refuses bad input with a readable 400 and stores nothing', async () => {
    const before = await rows(harness(), 'SELECT id FROM llm_queries');
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ query: '   ', email: 'a@b.co' }, /query is required/],
      [{ email: 'a@b.co' }, /query/],
      [{ query: 'x', email: 'not-an-email' }, /email/],
      [{ query: 'x' }, /email/],
      [{ query: 'x'.repeat(501), email: 'a@b.co' }, /at most 500/],
      [{ query: 42, email: 'a@b.co' }, /query must be text/],
      [{ query: 'x', email: 'a@b.co', model: 'gpt 4o; drop' }, /model/],
      [{ query: 'x', email: 'a@b.co', admin: true }, /admin/],
    ];
    for (const [body, message] of cases) {
      const response = await audit(body).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(String(response.body.message)).toMatch(message);
    }
    expect(await rows(harness(), 'SELECT id FROM llm_queries')).toHaveLength(before.length);
  });

  it('isolates a failing provider: its error is recorded and the other three still answer', async () => {
    harness().sim.setConfig({ anthropic: { status: 500 } });
    const response = await audit({ query: 'quiet dishwasher brands', email: 'a@b.co' }).expect(200);
    expect(Object.keys(response.body.responses).sort()).toEqual(['gemini', 'grok', 'openai']);
    expect(response.body.errors).toEqual({ claude: 'Claude had a server error (500).' });
    // Bounded retries: at most three attempts, never a storm.
    expect(harness().sim.stats().anthropic.received).toBe(3);
  });

  it('survives a hanging, a rate-limited and a malformed provider at once: the other answers arrive by the deadline', async () => {
    harness().sim.setConfig({
      default: { latencyMs: 100 },
      openai: { hang: true },
      gemini: { status: 429, failTimes: 2 },
      xai: { malformed: true },
    });
    const started = Date.now();
    const response = await audit({ query: 'kids toothpaste without fluoride', email: 'a@b.co' }).expect(200);
    const elapsed = Date.now() - started;
    expect(response.body).toEqual({
      query: 'kids toothpaste without fluoride',
      responses: {
        claude: simulatedAuditAnswer('anthropic', 'kids toothpaste without fluoride'),
        gemini: simulatedAuditAnswer('gemini', 'kids toothpaste without fluoride'),
      },
      errors: { openai: 'ChatGPT did not answer within 3 seconds.', grok: expect.stringMatching(/^Grok /) },
    });
    // The answer waits for the hanging provider's deadline (3 s), not longer.
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(5000);
    // 429 twice, then 200: three attempts, each retry backed off (at least 150 ms, then 300 ms), no storm.
    const geminiArrivals = harness().sim.arrivals().gemini;
    expect(geminiArrivals).toHaveLength(3);
    const gaps = geminiArrivals.slice(1).map((at, index) => at - geminiArrivals[index]!);
    expect(gaps[0]).toBeGreaterThanOrEqual(150 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(300 - 5);
    // The hanging request's socket was really closed by the client.
    const deadline = Date.now() + 2000;
    while (harness().sim.stats().openai.open > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(harness().sim.stats().openai).toMatchObject({ received: 1, hung: 1, clientAborted: 1, open: 0 });
    console.log(`faults: hanging + 429×2 + malformed providers: answered in ${elapsed} ms; 429 retries ${gaps.join(' ms, ')} ms apart`);
  });

  it('gives up on a provider that always answers 429 after three attempts, spaced by its Retry-After', async () => {
    harness().sim.setConfig({ anthropic: { status: 429, retryAfterSeconds: 1 } });
    const response = await audit({ query: 'oat milk for coffee', email: 'a@b.co' }).expect(200);
    expect(response.body.errors).toEqual({ claude: 'Claude is rate-limited right now (429).' });
    const arrivals = harness().sim.arrivals().anthropic;
    expect(arrivals).toHaveLength(3);
    arrivals.slice(1).forEach((at, index) => expect(at - arrivals[index]!).toBeGreaterThanOrEqual(1000 - 5));
  });

  it('answers 100 concurrent audits, each once, with none lost', async () => {
    harness().sim.setConfig({ default: { latencyMs: 200 } });
    const before = (await rows(harness(), 'SELECT id FROM llm_queries')).length;
    const responses = await Promise.all(
      Array.from({ length: 100 }, (_, index) => audit({ query: `concurrent query ${index}`, email: `load${index}@example.com` })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(100).fill(200));
    responses.forEach((response, index) => expect(response.body.query).toBe(`concurrent query ${index}`));
    const stored = await rows<{ query: string }>(harness(), 'SELECT query FROM llm_queries');
    expect(stored).toHaveLength(before + 100);
    expect(new Set(stored.map((row) => row.query)).size).toBe(stored.length);
  }, 60_000);

  it('keeps the admin reads behind a session', async () => {
    await harness().http().get('/api/admin/llm-queries').expect(401);
    await harness().http().get('/api/admin/query-fan-out-requests').expect(401);
    await harness().http().get('/api/admin/llm-queries').set('Cookie', 'admin_session=forged').expect(401);
    await audit({ query: 'admin can read this', email: 'reader@example.com' }).expect(200);
    const cookie = await harness().adminCookie();
    const response = await harness().http().get('/api/admin/llm-queries').set('Cookie', cookie).expect(200);
    expect(response.body[0]).toEqual({
      id: expect.any(Number),
      query: expect.any(String),
      brand: null,
      email: expect.any(String),
      model: 'gpt-4o',
      response: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(response.body[0].query).toBe('admin can read this');
    expect(response.body[0]).not.toHaveProperty('jobId');
    await harness().http().get('/api/admin/query-fan-out-requests').set('Cookie', cookie).set('Origin', SITE_ORIGIN).expect(200, []);
  });
});
