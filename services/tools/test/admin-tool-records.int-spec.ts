import { beforeAll, describe, expect, it } from '@jest/globals';
import type { AuditRecord, SemanticExpansionRecord, ToolsOverview } from '@agency/shared';
import { useToolsHarness } from './support/tools-harness.js';

const harness = useToolsHarness('adminrecords', { workers: 0 });

const total = (response: { headers: Record<string, string> }) => Number(response.headers['x-total-count']);

describe('admin lists of tool records: paging, search, date range, detail, export and the overview', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await harness().adminCookie();
    const now = Date.now();
    // 40 audits an hour apart, the newest now; every fourth by one address; ChatGPT never answered the odd ones.
    await harness().db.query(
      `INSERT INTO llm_queries (job_id, query, brand, email, model, response, created_at)
       SELECT 'job-' || n, CASE WHEN n % 2 = 0 THEN 'best protein powder' ELSE 'Vegan snacks ' || n END, CASE WHEN n = 5 THEN 'Zest' END,
              CASE WHEN n % 4 = 0 THEN 'repeat@example.com' ELSE 'person' || n || '@example.com' END, 'gpt-4o',
              CASE WHEN n % 2 = 1 THEN '{"claude":"Claude says","gemini":"Gemini says","grok":"Grok says"}'
                   ELSE '{"openai":"ChatGPT says =1+1","claude":"Claude says","gemini":"Gemini says","grok":"Grok says"}' END,
              to_timestamp($1 / 1000.0) - (40 - n) * interval '1 hour'
         FROM generate_series(1, 40) n`,
      [now],
    );
    await harness().db.query(
      `INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results, created_at)
       SELECT 'fan-' || n, 'keyword ' || n, 'https://site' || n || '.example', 'fan' || n || '@example.com',
              '{"queries":["a","b"],"websiteAnalysis":[{"query":"a","found":true,"suggestions":[]}]}', to_timestamp($1 / 1000.0) - n * interval '1 day'
         FROM generate_series(1, 12) n`,
      [now],
    );
  });

  const get = (path: string) => harness().http().get(path).set('Cookie', cookie);

  it.each(['/api/admin/llm-queries', '/api/admin/query-fan-out-requests', '/api/admin/llm-queries/1', '/api/admin/llm-queries/export', '/api/admin/tool-overview'])(
    '%s answers 401 without a session',
    async (path) => {
      await harness().http().get(`${path}?limit=1`).expect(401);
    },
  );

  it('pages through audits newest first with the total of every match in X-Total-Count', async () => {
    const first = await get('/api/admin/llm-queries?limit=15').expect(200);
    expect(total(first)).toBe(40);
    const records = first.body as AuditRecord[];
    expect(records).toHaveLength(15);
    expect(records[0]!.query).toBe('best protein powder');
    expect(records[0]!.createdAt > records[1]!.createdAt).toBe(true);
    const last = await get('/api/admin/llm-queries?limit=15&offset=30').expect(200);
    expect((last.body as AuditRecord[]).length).toBe(10);
    expect(total(last)).toBe(40);
    const oldest = await get('/api/admin/llm-queries?limit=1&sort=oldest').expect(200);
    expect((oldest.body as AuditRecord[])[0]!.query).toBe('Vegan snacks 1');
    expect(total(await get('/api/admin/llm-queries').expect(200))).toBe(40);
    for (const bad of ['limit=0', 'limit=501', 'offset=x', 'from=2026-13-01', 'sort=email', 'unknown=1']) await get(`/api/admin/llm-queries?${bad}`).expect(400);
  });

  it('finds audits by address, query or brand, and filters by date range', async () => {
    expect(total(await get('/api/admin/llm-queries?q=REPEAT@example').expect(200))).toBe(10);
    expect(total(await get('/api/admin/llm-queries?q=vegan').expect(200))).toBe(20);
    expect(total(await get('/api/admin/llm-queries?q=zest').expect(200))).toBe(1);
    const today = new Date().toISOString().slice(0, 10);
    const recent = await get(`/api/admin/llm-queries?from=${today}&to=${today}`).expect(200);
    expect(total(recent)).toBeGreaterThanOrEqual(1);
    expect(total(recent)).toBeLessThanOrEqual(25);
    expect(total(await get('/api/admin/llm-queries?to=2000-01-01').expect(200))).toBe(0);
  });

  it('opens one record in full, and answers 404 or 400 for a missing or malformed id', async () => {
    const [newest] = (await get('/api/admin/llm-queries?limit=1').expect(200)).body as AuditRecord[];
    const full = (await get(`/api/admin/llm-queries/${newest!.id}`).expect(200)).body as AuditRecord;
    expect(full).toEqual(newest);
    expect(JSON.parse(full.response)).toEqual(expect.objectContaining({ openai: 'ChatGPT says =1+1' }));
    await get('/api/admin/llm-queries/999999').expect(404);
    await get('/api/admin/llm-queries/abc').expect(400);
    const [fanOut] = (await get('/api/admin/query-fan-out-requests?q=site3.').expect(200)).body as SemanticExpansionRecord[];
    expect((await get(`/api/admin/query-fan-out-requests/${fanOut!.id}`).expect(200)).body).toEqual(fanOut);
  });

  it('exports the matching audits and fan-out requests as formula-safe CSV', async () => {
    const audits = await get('/api/admin/llm-queries/export?q=repeat@example.com').expect(200);
    expect(audits.headers['content-disposition']).toMatch(/filename="llm-queries-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(audits.text.startsWith('\uFEFF')).toBe(true);
    const lines = audits.text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[0]).toMatch(/^"id","submitted_at","email","query","brand","model","chatgpt","claude"/);
    expect(lines[1]).toContain('"ChatGPT says =1+1"');
    const fanOuts = await get('/api/admin/query-fan-out-requests/export').expect(200);
    expect(fanOuts.text.trimEnd().split('\r\n')).toHaveLength(13);
  });

  it('the overview counts runs per day, each engine’s unanswered audits and the busiest queries', async () => {
    const overview = (await get('/api/admin/tool-overview').expect(200)).body as ToolsOverview;
    expect(overview.days).toHaveLength(30);
    expect(overview.days.at(-1)).toBe(new Date().toISOString().slice(0, 10));
    expect(overview.auditRuns.reduce((sum, count) => sum + count, 0)).toBe(40);
    expect(overview.fanOutRuns.reduce((sum, count) => sum + count, 0)).toBe(12);
    expect(overview.engines).toEqual([
      { engine: 'openai', audits: 40, unanswered: 20 },
      { engine: 'claude', audits: 40, unanswered: 0 },
      { engine: 'gemini', audits: 40, unanswered: 0 },
      { engine: 'grok', audits: 40, unanswered: 0 },
    ]);
    expect(overview.busiestQueries[0]).toEqual({ query: 'best protein powder', runs: 20 });
  });
});
