import { describe, expect, it, beforeEach } from '@jest/globals';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { searchAnswerText, simulatedAuditAnswer, simulatedSearch, simulatedSearchQueries } from '@agency/model-sim';
import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS } from '@agency/shared';
import { expectedGrounded } from './support/grounded-expectations.js';
import { rows, SITE_ORIGIN, useToolsHarness } from './support/tools-harness.js';

// One answer per engine: these tests compare each answer with the simulator's; test/audit-report.int-spec.ts asks three.
const harness = useToolsHarness('audit', { workers: 1, env: { AUDIT_RUNS: '1' } });

function audit(body: Record<string, unknown>) {
  return harness().http().post('/api/llm-query').set('Content-Type', 'application/json').send(body);
}

describe('AI Search Audit', () => {
  beforeEach(() => harness().sim.reset());

  it("answers with every engine's grounded answer, its citations and its searches, and stores them with the record and the subscriber", async () => {
    const query = 'best vegan protein powder UK';
    const response = await audit({ query: `  ${query} `, brand: 'Brightleaf', email: 'Shopper@Example.com' }).expect(200);
    const expected = Object.fromEntries(MODEL_PROVIDER_IDS.map((id) => [AUDIT_MODEL_KEYS[id], expectedGrounded(id, query)]));
    expect(response.body).toEqual({
      query,
      responses: Object.fromEntries(Object.entries(expected).map(([key, answer]) => [key, answer.text])),
      errors: {},
      citations: Object.fromEntries(Object.entries(expected).map(([key, answer]) => [key, answer.citations])),
      searchQueries: Object.fromEntries(Object.entries(expected).map(([key, answer]) => [key, answer.searchQueries])),
      grounded: { openai: true, claude: true, gemini: true, grok: true },
      endings: { openai: 'complete', claude: 'complete', gemini: 'complete', grok: 'complete' },
      models: { openai: 'gpt-5.5', claude: 'claude-sonnet-5-5', gemini: 'gemini-3.5-flash', grok: 'grok-4.5' },
      endingCounts: {},
      searchSuggestions: { gemini: expect.stringContaining('class="chip"') },
      runs: 1,
      runAnswers: Object.fromEntries(
        Object.entries(expected).map(([key, answer]) => [
          key,
          [
            {
              text: answer.text,
              citations: answer.citations,
              searchQueries: answer.searchQueries,
              grounded: true,
              brands: expect.any(Array),
              brandNotes: expect.any(Array),
              // Grok's API does not say which pages it read.
              ...(key === 'grok' ? {} : { retrieved: expect.arrayContaining(answer.citations.map(({ url }) => url)) }),
            },
          ],
        ]),
      ),
      brands: expect.any(Array),
      visibility: expect.objectContaining({ brand: 'Brightleaf', answers: 4 }),
      competitorVisibility: [],
      brandSources: expect.any(Array),
      gapDomains: expect.any(Array),
      retrieval: { openai: expect.any(Array), claude: expect.any(Array), gemini: expect.any(Array) },
      websitePages: [],
      memory: { openai: expect.any(Object), claude: expect.any(Object), gemini: expect.any(Object), grok: expect.any(Object) },
      nextSteps: expect.any(Array),
      method: { askedAt: expect.any(String), location: 'United Kingdom', language: 'en-GB', runs: 1, models: { openai: 'gpt-5.5', claude: 'claude-sonnet-5-5', gemini: 'gemini-3.5-flash', grok: 'grok-4.5' } },
      reportId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      reportUrl: `/ai-search-audit/report/${response.body.reportId}`,
    });
    // Markers such as "[1][2]" follow the sentences they support and number the citations from 1.
    expect(response.body.responses.openai).toMatch(/\. \[1\]\[2\] /);
    const [record] = await rows<{
      query: string;
      brand: string;
      email: string;
      model: string;
      response: string;
      citations: unknown;
      search_queries: unknown;
      grounded: unknown;
      usage: Record<string, { inputTokens: number; outputTokens: number; searches: number }>;
    }>(harness(), 'SELECT query, brand, email, model, response, citations, search_queries, grounded, usage FROM llm_queries');
    expect(record).toMatchObject({ query, brand: 'Brightleaf', email: 'Shopper@Example.com', model: 'gpt-4o' });
    expect(JSON.parse(record!.response)).toEqual(response.body.responses);
    expect(record).toMatchObject({ citations: response.body.citations, search_queries: response.body.searchQueries, grounded: response.body.grounded });
    // Each engine's tokens and billed searches, as its API reported them, kept with the record only.
    for (const id of MODEL_PROVIDER_IDS) {
      expect(record!.usage[AUDIT_MODEL_KEYS[id]]).toEqual({
        inputTokens: expect.any(Number),
        outputTokens: expect.any(Number),
        searches: simulatedSearchQueries(id, query).length,
      });
      expect(record!.usage[AUDIT_MODEL_KEYS[id]]!.inputTokens).toBeGreaterThan(100);
      expect(record!.usage[AUDIT_MODEL_KEYS[id]]!.outputTokens).toBeGreaterThan(50);
    }
    expect(response.body).not.toHaveProperty('usage');
    const subscribers = await rows(harness(), `SELECT email, source FROM marketing_subscribers WHERE email = 'shopper@example.com'`);
    expect(subscribers).toEqual([{ email: 'shopper@example.com', source: 'ai-search-audit' }]);
  });

  it('asks each engine in its web-search mode through its SDK, as a shopper would ask, without naming brands', async () => {
    const query = 'quiet dishwasher <under £400>';
    await audit({ query, email: 'a@b.co' }).expect(200);
    const sim = harness().sim;
    const instructions = 'The person asking is a shopper in the UK. Answer in plain text.';
    // The last request each engine got may be the one listing the brands: the search is the one with tools.
    const searchRequest = (id: (typeof MODEL_PROVIDER_IDS)[number]) => sim.recentRequests(id).find((body) => JSON.stringify(body).includes('"tools"'));
    // The default model reasons, and OpenAI refuses tool_choice "required" with web search for it: it is asked to search.
    expect(searchRequest('openai')).toMatchObject({
      instructions: `${instructions} Search the web before you answer.`,
      input: query,
      tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'GB' } }],
      reasoning: { effort: 'low' },
      include: ['web_search_call.action.sources'],
    });
    expect(searchRequest('openai')).not.toHaveProperty('tool_choice');
    expect(searchRequest('xai')).toMatchObject({
      input: [
        { role: 'system', content: `${instructions} Search the web before you answer.` },
        { role: 'user', content: query },
      ],
      tools: [{ type: 'web_search' }],
    });
    expect(searchRequest('xai')).not.toHaveProperty('include');
    expect(searchRequest('xai')).not.toHaveProperty('search_parameters');
    expect(searchRequest('anthropic')).toMatchObject({
      system: `${instructions} Search the web before you answer.`,
      messages: [{ role: 'user', content: query }],
      tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: 3, user_location: { type: 'approximate', country: 'GB' } }],
    });
    expect(searchRequest('gemini')).toMatchObject({
      contents: [{ role: 'user', parts: [{ text: query }] }],
      systemInstruction: { parts: [{ text: `${instructions} Search the web before you answer.` }] },
      tools: [{ googleSearch: {} }],
    });
    for (const id of MODEL_PROVIDER_IDS) {
      expect(JSON.stringify(searchRequest(id))).not.toMatch(/brand/i);
      // The simulator counts the searches in the answers it sent: every engine searched.
      expect(sim.stats()[id].searches).toBe(simulatedSearchQueries(id, query).length);
    }
  });

  it("cites the visitor's site, resolving Gemini's redirect links without reading the pages", async () => {
    let pageReads = 0;
    const site = createServer((_request, response) => {
      pageReads++;
      response.end('<html><body>a page</body></html>');
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    const citedSite = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    try {
      harness().sim.setConfig({ citedSite });
      const query = 'waterproof walking boots';
      const response = await audit({ query, email: 'a@b.co' }).expect(200);
      const page = `${citedSite}/guides/waterproof-walking-boots`;
      for (const id of MODEL_PROVIDER_IDS) {
        const key = AUDIT_MODEL_KEYS[id];
        expect(response.body.citations[key]).toEqual(expectedGrounded(id, query, citedSite).citations);
        expect((response.body.citations[key] as { url: string }[]).map(({ url }) => url)).toContain(page);
      }
      // Gemini's links came as redirect links through its endpoint; one HEAD for each page it read
      // (cited or not), and no page was fetched.
      expect(harness().sim.stats().gemini.groundingRedirects).toBe(simulatedSearch('gemini', query, { citedSite }).sources.length);
      expect(pageReads).toBe(0);
    } finally {
      await new Promise((resolve) => site.close(resolve));
    }
  });

  it('records an engine that searched but cited nothing, and one that answered from memory, as such', async () => {
    harness().sim.setConfig({ openai: { searchFault: 'no-sources' }, anthropic: { searchFault: 'no-search' } });
    const query = 'gluten free pasta';
    const response = await audit({ query, email: 'a@b.co' }).expect(200);
    expect(response.body.responses.openai).toBe(searchAnswerText(simulatedSearch('openai', query)));
    expect(response.body.citations.openai).toEqual([]);
    expect(response.body.searchQueries.openai).toEqual(simulatedSearchQueries('openai', query));
    expect(response.body.grounded.openai).toBe(true);
    expect(response.body.responses.claude).toBe(simulatedAuditAnswer('anthropic', query));
    expect(response.body).toMatchObject({ citations: { claude: [] }, searchQueries: { claude: [] }, grounded: { claude: false, gemini: true, grok: true } });
  });

  it('keeps the usable parts of answers whose tool blocks are malformed', async () => {
    harness().sim.setConfig({ default: { searchFault: 'malformed-tool' } });
    const query = 'kids waterproof jacket';
    const response = await audit({ query, email: 'a@b.co' }).expect(200);
    expect(response.body.errors).toEqual({});
    for (const id of MODEL_PROVIDER_IDS) {
      const key = AUDIT_MODEL_KEYS[id];
      const expected = expectedGrounded(id, query);
      // Out-of-range, address-less and javascript: citations are dropped; the text and the good citations stay.
      expect(response.body.responses[key]).toBe(expected.text);
      expect(response.body.citations[key]).toEqual(expected.citations);
      expect(response.body.grounded[key]).toBe(true);
      // The search whose action or input was not an object is counted but has no query to show.
      expect(response.body.searchQueries[key]).toEqual(id === 'gemini' ? expected.searchQueries : expected.searchQueries.slice(1));
    }
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
    // Bounded retries: at most three attempts for the search answer and three for the search-off one, never a storm.
    expect(harness().sim.stats().anthropic.received).toBe(6);
  });

  it('survives a hanging, a rate-limited and a malformed provider at once: the other answers arrive by the deadline', async () => {
    harness().sim.setConfig({
      default: { latencyMs: 100 },
      openai: { hang: true },
      // Twice for the search answer and twice for the search-off one.
      gemini: { status: 429, failTimes: 4 },
      xai: { malformed: true },
    });
    const started = Date.now();
    const query = 'kids toothpaste without fluoride';
    const response = await audit({ query, email: 'a@b.co' }).expect(200);
    const elapsed = Date.now() - started;
    expect(response.body).toMatchObject({
      query,
      responses: { claude: expectedGrounded('anthropic', query).text, gemini: expectedGrounded('gemini', query).text },
      errors: { openai: 'ChatGPT did not answer within 3 seconds.', grok: expect.stringMatching(/^Grok /) },
      grounded: { claude: true, gemini: true },
    });
    expect(Object.keys(response.body.responses).sort()).toEqual(['claude', 'gemini']);
    // Only answering engines have citations and searches.
    expect(Object.keys(response.body.citations).sort()).toEqual(['claude', 'gemini']);
    // The answer waits for the hanging provider's deadline (3 s), not longer.
    expect(elapsed).toBeGreaterThanOrEqual(2900);
    expect(elapsed).toBeLessThan(5000);
    // 429 twice, then 200: three attempts of each of the two calls (asked at once), each retry
    // backed off (at least 150 ms, then 300 ms), no storm. Sorted, the n-th attempts pair up, so
    // each pair starts at least one backoff after the one before.
    const geminiArrivals = [...harness().sim.arrivals().gemini].sort((a, b) => a - b);
    expect(geminiArrivals).toHaveLength(6);
    const gaps = [geminiArrivals[2]! - geminiArrivals[0]!, geminiArrivals[4]! - geminiArrivals[2]!];
    expect(gaps[0]).toBeGreaterThanOrEqual(150 - 5);
    expect(gaps[1]).toBeGreaterThanOrEqual(300 - 5);
    // The hanging request's socket was really closed by the client.
    const deadline = Date.now() + 2000;
    while (harness().sim.stats().openai.open > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    // The search answer's request and the search-off one both hung.
    expect(harness().sim.stats().openai).toMatchObject({ received: 2, hung: 2, clientAborted: 2, open: 0 });
    console.log(`faults: hanging + 429×2 + malformed providers: answered in ${elapsed} ms; 429 retries ${gaps.join(' ms, ')} ms apart`);
  });

  it('gives up on a provider that always answers 429 after three attempts, spaced by its Retry-After', async () => {
    harness().sim.setConfig({ anthropic: { status: 429, retryAfterSeconds: 1 } });
    const response = await audit({ query: 'oat milk for coffee', email: 'a@b.co' }).expect(200);
    expect(response.body.errors).toEqual({ claude: 'Claude is rate-limited right now (429).' });
    // Three attempts each for the search answer and the search-off answer, asked at once: of any
    // three arrivals in time order two are one call's, so they lie a Retry-After apart.
    const arrivals = [...harness().sim.arrivals().anthropic].sort((a, b) => a - b);
    expect(arrivals).toHaveLength(6);
    arrivals.slice(2).forEach((at, index) => expect(at - arrivals[index]!).toBeGreaterThanOrEqual(1000 - 5));
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
      citations: { openai: expect.any(Array), claude: expect.any(Array), gemini: expect.any(Array), grok: expect.any(Array) },
      searchQueries: { openai: expect.any(Array), claude: expect.any(Array), gemini: expect.any(Array), grok: expect.any(Array) },
      grounded: { openai: true, claude: true, gemini: true, grok: true },
      usage: { openai: expect.any(Object), claude: expect.any(Object), gemini: expect.any(Object), grok: expect.any(Object) },
      reportId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      website: null,
      runs: expect.any(Number),
      runAnswers: { openai: expect.any(Array), claude: expect.any(Array), gemini: expect.any(Array), grok: expect.any(Array) },
      visibility: null,
      // The model each provider's answer says answered, not only the configured one.
      models: { openai: expect.any(String), claude: expect.any(String), gemini: expect.any(String), grok: expect.any(String) },
      simulated: expect.any(Boolean),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(response.body[0].citations.gemini[0].url).toMatch(/^https:\/\/[^/]+\.example\//);
    expect(response.body[0].query).toBe('admin can read this');
    expect(response.body[0]).not.toHaveProperty('jobId');
    await harness().http().get('/api/admin/query-fan-out-requests').set('Cookie', cookie).set('Origin', SITE_ORIGIN).expect(200, []);
  });
});
