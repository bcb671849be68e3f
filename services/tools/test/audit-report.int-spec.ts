import { describe, expect, it, beforeEach, afterAll } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import { SIM_AUDIT_VARIANTS, simulatedAuditBrands, simulatedRefusal } from '@agency/model-sim';
import { AUDIT_MODEL_KEYS, AUDIT_REPORT_EXPIRED_MESSAGE, AUDIT_REPORT_NOT_FOUND_MESSAGE, SEARCH_ENGINE_IDS as MODEL_PROVIDER_IDS, TOOL_REQUEST_ID_HEADER, type AuditReport, type ToolProgressEvent } from '@agency/shared';
import { openProgressStream, type ProgressStream } from './support/progress-stream.js';
import { rows, useToolsHarness } from './support/tools-harness.js';

// The default: three answers of each engine; demo mode asks all five (Perplexity too).
const harness = useToolsHarness('audit-report', { workers: 1, demoMode: true });

const streams: ProgressStream[] = [];
afterAll(() => streams.forEach((stream) => stream.close()));

function audit(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return harness().http().post('/api/llm-query').set('Content-Type', 'application/json').set(headers).send(body);
}

/** Every brand the simulator put in any of an engine's three answers. */
function brandsOfEveryVariant(query: string): Set<string> {
  return new Set(
    MODEL_PROVIDER_IDS.flatMap((id) =>
      Array.from({ length: SIM_AUDIT_VARIANTS }, (_, variant) => (simulatedRefusal(id, query, variant) ? [] : simulatedAuditBrands(id, query, variant))).flat(),
    ),
  );
}

describe('AI Search Audit report', () => {
  beforeEach(() => harness().sim.reset());

  it('asks each engine three times at once, shows the runs arriving, and counts every answer', async () => {
    harness().sim.setConfig({ default: { latencyMs: 1000 } });
    const requestId = randomUUID();
    const stream = await openProgressStream(`${harness().baseUrl()}/api/tool-progress/${requestId}`);
    streams.push(stream);
    const query = 'best electrolyte powder for runners';
    const started = Date.now();
    const response = await audit({ query, brand: 'Brand X', email: 'runner@example.com' }, { [TOOL_REQUEST_ID_HEADER]: requestId }).expect(200);
    // Parallel: fifteen answers of a second each (and the five search-off answers) take about one
    // answer's time, then the brand listing one more; one engine's three runs in a row would take
    // four seconds with it.
    expect(Date.now() - started).toBeLessThan(3500);
    expect(response.body.runs).toBe(3);
    for (const id of MODEL_PROVIDER_IDS) {
      const answers = response.body.runAnswers[AUDIT_MODEL_KEYS[id]];
      expect(answers).toHaveLength(3);
      // The first answer to arrive is the one the summary shows.
      expect(answers[0].text).toBe(response.body.responses[AUDIT_MODEL_KEYS[id]]);
      // Three searched answers and one with search off; ChatGPT also lists the brands.
      expect(harness().sim.stats()[id].answered).toBe(4 + (id === 'openai' ? 1 : 0));
    }
    await stream.ended;
    const runs = stream.events.map((received) => received.event).filter((event): event is Extract<ToolProgressEvent, { type: 'run' }> => event.type === 'run');
    for (const id of MODEL_PROVIDER_IDS) {
      expect(runs.filter((event) => event.provider === id).map((event) => event.answered)).toEqual([1, 2, 3]);
    }
    // Brand X is named nowhere: 0 of 15 answers, a Wilson interval from 0, and no share of voice.
    expect(response.body.visibility).toMatchObject({ brand: 'Brand X', mentionedIn: 0, answers: 15, low: 0, shareOfVoice: 0, averagePosition: null });
    expect(response.body.visibility.high).toBeCloseTo(0.2039, 3);
    // The brand table holds exactly the brands of the simulator's answers, with their counts.
    expect(new Set((response.body.brands as AuditReport['brands']).map((brand) => brand.name))).toEqual(brandsOfEveryVariant(query));
    for (const brand of response.body.brands as AuditReport['brands']) {
      for (const id of MODEL_PROVIDER_IDS) {
        const key = AUDIT_MODEL_KEYS[id];
        const expected = Array.from({ length: SIM_AUDIT_VARIANTS }, (_, variant) => variant).filter(
          (variant) => !simulatedRefusal(id, query, variant) && simulatedAuditBrands(id, query, variant).includes(brand.name),
        );
        expect(brand.mentions[key] ?? 0).toBe(expected.length);
        if (expected.length > 0) {
          expect(brand.firstPosition[key]).toBe(Math.min(...expected.map((variant) => simulatedAuditBrands(id, query, variant).indexOf(brand.name) + 1)));
        }
      }
    }
  });

  it('measures a brand the answers name, with its positions and share of voice, under any of its names', async () => {
    const query = 'quiet cordless vacuum';
    const named = simulatedAuditBrands('openai', query, 0)[0]!;
    const response = await audit({ query, brand: `Not A Brand, ${named}`, email: 'a@b.co' }).expect(200);
    const visibility = response.body.visibility as NonNullable<AuditReport['visibility']>;
    expect(visibility.brand).toBe('Not A Brand');
    expect(visibility.aliases).toEqual(['Not A Brand', named]);
    let mentioned = 0;
    let allMentions = 0;
    for (const id of MODEL_PROVIDER_IDS) {
      const positions: number[] = [];
      for (let variant = 0; variant < SIM_AUDIT_VARIANTS; variant++) {
        if (simulatedRefusal(id, query, variant)) continue;
        const brands = simulatedAuditBrands(id, query, variant);
        allMentions += brands.length;
        if (brands.includes(named)) positions.push(brands.indexOf(named) + 1);
      }
      mentioned += positions.length;
      expect(visibility.engines[AUDIT_MODEL_KEYS[id]]!.mentionedIn).toBe(positions.length);
      expect([...visibility.engines[AUDIT_MODEL_KEYS[id]]!.positions].sort()).toEqual(positions.sort());
    }
    expect(visibility.mentionedIn).toBe(mentioned);
    expect(visibility.shareOfVoice).toBeCloseTo(mentioned / allMentions, 3);
  });

  it('measures each competitor beside the brand with the same figures, and keeps them in the report', async () => {
    const query = 'quiet cordless vacuum';
    const [first, second] = simulatedAuditBrands('openai', query, 0);
    const response = await audit({ query, brand: 'Not A Brand', competitors: [` ${first!} `, second!, first!], email: 'a@b.co' }).expect(200);
    const competitors = response.body.competitorVisibility as AuditReport['competitorVisibility'];
    expect(competitors.map((competitor) => competitor.brand)).toEqual([first, second]);
    for (const competitor of competitors) {
      const row = (response.body.brands as AuditReport['brands']).find((brand) => brand.name === competitor.brand)!;
      for (const id of MODEL_PROVIDER_IDS) {
        const key = AUDIT_MODEL_KEYS[id];
        expect(competitor.engines[key]!.mentionedIn).toBe(row.mentions[key] ?? 0);
      }
      expect(competitor.answers).toBe(15);
    }
    expect(competitors[0]!.mentionedIn).toBeGreaterThan(0);
    const report = await harness().http().get(`/api/llm-query/reports/${response.body.reportId}`).expect(200);
    expect(report.body).toMatchObject({ competitors: [first, second], competitorVisibility: competitors });
    const csv = await harness().http().get(`/api/llm-query/reports/${response.body.reportId}.csv`).expect(200);
    expect(csv.text).toContain(`"competitor visibility","","","","","${first!}","${competitors[0]!.mentionedIn}","15",`);
  });

  it('keeps why an engine did not answer, for the report page that shows the results', async () => {
    harness().sim.setConfig({ anthropic: { status: 500 } });
    const response = await audit({ query: 'quiet cordless vacuum', email: 'a@b.co' }).expect(200);
    expect(response.body.errors.claude).toEqual(expect.any(String));
    const report = await harness().http().get(`/api/llm-query/reports/${response.body.reportId}`).expect(200);
    expect(report.body.errors).toEqual({ claude: response.body.errors.claude });
  });

  it('refuses a competitors field that is not a short list of names, and stores nothing', async () => {
    const before = await rows(harness(), 'SELECT id FROM llm_queries');
    const cases: [unknown, string][] = [
      [['A', 'B', 'C', 'D', 'E', 'F'], 'competitors can name at most 5 brands.'],
      ['Graze, Bulk', 'competitors must be a list of names.'],
      [['Graze', 7], 'each competitor must be text.'],
      [['Graze', '  '], 'each competitor needs a name.'],
      [['x'.repeat(101)], 'each competitor must be at most 100 characters.'],
    ];
    for (const [competitors, message] of cases) {
      const response = await audit({ query: 'anything', brand: 'Solvani', competitors, email: 'a@b.co' }).expect(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(JSON.stringify(response.body.message)).toContain(message);
    }
    expect(await rows(harness(), 'SELECT id FROM llm_queries')).toEqual(before);
  });

  it('stores the report once and serves it by its id, as JSON and CSV, without the email', async () => {
    const email = 'private.person@example.com';
    const response = await audit({ query: '=cmd|calc best trail shoes', brand: 'Brand X', website: 'runner-shop.example', email }).expect(200);
    const { reportId, reportUrl } = response.body as AuditReport;
    expect(reportUrl).toBe(`/ai-search-audit/report/${reportId}`);
    const stored = await rows<{ count: string }>(harness(), 'SELECT count(*) FROM llm_queries WHERE report_id = $1', [reportId]);
    expect(stored).toEqual([{ count: '1' }]);

    const report = await harness().http().get(`/api/llm-query/reports/${reportId}`).expect(200);
    expect(report.headers['x-robots-tag']).toBe('noindex');
    expect(report.body).toMatchObject({
      query: '=cmd|calc best trail shoes',
      brand: 'Brand X',
      website: 'https://runner-shop.example/',
      runs: 3,
      responses: response.body.responses,
      runAnswers: response.body.runAnswers,
      brands: response.body.brands,
      visibility: response.body.visibility,
      reportId,
      reportUrl,
      // The model each answer says answered.
      models: { openai: 'gpt-5.5', claude: expect.any(String), gemini: expect.any(String), grok: expect.any(String), perplexity: 'sonar' },
      simulated: true,
    });
    expect(Date.parse(report.body.expiresAt) - Date.parse(report.body.createdAt)).toBe(90 * 24 * 3600 * 1000);
    expect(JSON.stringify(report.body)).not.toContain(email);

    const csv = await harness().http().get(`/api/llm-query/reports/${reportId}.csv`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="ai-search-audit-${reportId}.csv"`);
    expect(csv.text).not.toContain(email);
    // A cell that a spreadsheet would run as a formula is written as text.
    expect(csv.text.startsWith('\uFEFF')).toBe(true);
    expect(csv.text).toContain(`"query",${'"",'.repeat(15)}"'=cmd|calc best trail shoes"`);
    const lines = csv.text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '"section","engine","model","answer","position","brand","answers naming it","answers","visibility %","range low %","range high %","share of voice %","average position","first position","url","title","text"',
    );
    expect(lines).toContain(`"visibility","","","","","Brand X","0","15","0","0","20","0",${'"",'.repeat(4)}""`);
    expect(lines.filter((line) => line.startsWith('"answer",'))).toHaveLength(15);
    expect(lines.filter((line) => line.startsWith('"citation",')).length).toBeGreaterThan(15);
    expect(lines.some((line) => line.startsWith('"brand","ChatGPT"'))).toBe(true);
  });

  it('answers 404 JSON for an unknown, a malformed and an expired report', async () => {
    const unknown = await harness().http().get('/api/llm-query/reports/AAAAAAAAAAAAAAAAAAAAAA').expect(404);
    expect(unknown.body).toEqual({ statusCode: 404, error: 'Not Found', message: AUDIT_REPORT_NOT_FOUND_MESSAGE });
    await harness().http().get('/api/llm-query/reports/not-an-id.csv').expect(404);
    const response = await audit({ query: 'old question', email: 'a@b.co' }).expect(200);
    await rows(harness(), `UPDATE llm_queries SET created_at = now() - interval '91 days' WHERE report_id = $1`, [response.body.reportId]);
    const expired = await harness().http().get(`/api/llm-query/reports/${response.body.reportId}`).expect(404);
    expect(expired.body).toEqual({ statusCode: 404, error: 'Not Found', message: AUDIT_REPORT_EXPIRED_MESSAGE });
    await harness().http().get(`/api/llm-query/reports/${response.body.reportId}.csv`).expect(404);
  });

  it('refuses a website that is not a web address with a readable 400', async () => {
    const before = await rows(harness(), 'SELECT id FROM llm_queries');
    const response = await audit({ query: 'anything', website: 'javascript:alert(1)', email: 'a@b.co' }).expect(400);
    expect(response.body.message).toEqual(expect.any(String));
    expect(await rows(harness(), 'SELECT id FROM llm_queries')).toEqual(before);
  });
});
