import { describe, expect, it, beforeEach } from '@jest/globals';
import { simulatedAuditBrands } from '@agency/model-sim';
import { AUDIT_MODEL_KEYS, SEARCH_ENGINE_IDS, type AuditReport } from '@agency/shared';
import { rows, useToolsHarness } from './support/tools-harness.js';

// Demo mode: every engine, Perplexity included, is the simulator.
const harness = useToolsHarness('audit-insights', { workers: 1, demoMode: true });

const SITE = 'https://runfuel-shop.example';

function audit(body: Record<string, unknown>) {
  return harness().http().post('/api/llm-query').set('Content-Type', 'application/json').send(body);
}

describe('the audit report says why and what to do', () => {
  beforeEach(() => {
    harness().sim.reset();
    // The simulated engines read and cite pages of the visitor's site.
    harness().sim.setConfig({ citedSite: SITE });
  });

  it('answers, in demo mode, every figure beside the answers, with Perplexity as a fifth engine', async () => {
    const query = 'best electrolyte powder for runners';
    const email = 'runner@example.com';
    const response = await audit({ query, brand: 'Brisk', website: SITE, email }).expect(200);
    const answer = response.body as AuditReport;

    // Five engines answered, each three times, and once more with search off.
    expect(Object.keys(answer.runAnswers).sort()).toEqual(SEARCH_ENGINE_IDS.map((id) => AUDIT_MODEL_KEYS[id]).sort());
    expect(answer.runAnswers.perplexity).toHaveLength(3);
    expect(answer.models.perplexity).toBe('sonar');
    expect(answer.citations.perplexity!.length).toBeGreaterThan(0);
    expect(harness().sim.stats().perplexity.received).toBe(4);
    const memoryAsks = harness()
      .sim.recentRequests('perplexity')
      .filter((body) => (body as { disable_search?: boolean }).disable_search === true);
    expect(memoryAsks).toHaveLength(1);

    // Memory: the simulator never names the visitor's brand, from memory or from search.
    for (const id of SEARCH_ENGINE_IDS) {
      expect(answer.memory[AUDIT_MODEL_KEYS[id]]).toEqual({
        mentioned: false,
        foundBySearch: false,
        reading: 'Neither known from memory nor found by search: get listed on the sites the engines cite before anything else.',
      });
    }

    // Sources behind each brand: every brand of the table, the brands' own sites among them.
    const leading = simulatedAuditBrands('openai', query)[0]!;
    const sources = answer.brandSources.find((row) => row.brand === leading)!;
    expect(sources.domains.length).toBeGreaterThan(0);
    expect(sources.domains.map((row) => row.domain)).toContain(`${leading.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '')}.example`);
    // Gap domains: publications citing competitors, never a brand's own site, never the visitor's.
    expect(answer.gapDomains.length).toBeGreaterThan(0);
    for (const gap of answer.gapDomains) {
      expect(gap.competitors.length).toBeGreaterThanOrEqual(2);
      expect(gap.domain).not.toBe('runfuel-shop.example');
      expect(answer.brands.some((brand) => gap.domain.startsWith(brand.name.toLowerCase().replace(/[^a-z0-9]+/g, '')))).toBe(false);
    }

    // Retrieved vs cited: OpenAI, Claude, Gemini and Perplexity say what they read; Grok does not.
    expect(Object.keys(answer.retrieval).sort()).toEqual(['claude', 'gemini', 'openai', 'perplexity']);
    for (const key of ['claude', 'gemini', 'openai', 'perplexity'] as const) {
      const rowsOf = answer.retrieval[key]!;
      expect(rowsOf.some((row) => row.retrieved > row.cited)).toBe(true);
      expect(rowsOf.every((row) => row.cited <= row.retrieved)).toBe(true);
    }
    // The visitor's guide is cited; its product page is read and never cited.
    expect(answer.websitePages).toContainEqual(expect.objectContaining({ url: `${SITE}/products/best-electrolyte-powder-for-runners`, citedBy: [] }));
    expect(answer.websitePages.some((page) => page.url === `${SITE}/guides/best-electrolyte-powder-for-runners` && page.citedBy.length > 0)).toBe(true);

    // Sentiment: every brand of the table has its tone counted from the brand list's notes.
    for (const brand of answer.brands) {
      const { positive, neutral, negative } = brand.sentiment!;
      const mentions = Object.values(brand.mentions).reduce((sum, n) => sum + n, 0);
      expect(positive + neutral + negative).toBe(mentions);
    }
    expect(answer.brands.some((brand) => brand.sentiment!.positive > 0)).toBe(true);

    // Next steps: ranked, each with its basis; the search hand-off goes to Semantic Expansion.
    const kinds = answer.nextSteps.map((step) => step.kind);
    expect(kinds).toEqual(expect.arrayContaining(['get-listed', 'search-gap', 'read-not-cited', 'not-in-memory']));
    for (const step of answer.nextSteps) expect(step.basis).not.toBe('');
    expect(answer.nextSteps.find((step) => step.kind === 'search-gap')!.href).toMatch(/^\/query-fan-out\?keyword=/);

    // The method.
    expect(answer.method).toMatchObject({ location: 'United Kingdom', language: 'en-GB', runs: 3, models: answer.models });
    expect(Date.parse(answer.method.askedAt)).toBeLessThanOrEqual(Date.now());

    // The stored report answers the same figures.
    const report = await harness().http().get(`/api/llm-query/reports/${answer.reportId}`).expect(200);
    for (const field of ['brandSources', 'gapDomains', 'retrieval', 'websitePages', 'memory', 'nextSteps', 'method', 'brands'] as const) {
      expect(report.body[field]).toEqual(answer[field]);
    }

    // The raw answers: every run and the search-off answer of each engine, never the email.
    const raw = await harness().http().get(`/api/llm-query/reports/${answer.reportId}.json`).expect(200);
    expect(raw.headers['content-type']).toMatch(/^application\/json/);
    expect(raw.headers['content-disposition']).toBe(`attachment; filename="ai-search-audit-${answer.reportId}-answers.json"`);
    expect(raw.headers['x-robots-tag']).toBe('noindex');
    expect(raw.text).not.toContain(email);
    expect(raw.body).toMatchObject({ reportId: answer.reportId, query, brand: 'Brisk', website: `${SITE}/`, simulated: true, runsPerEngine: 3 });
    for (const id of SEARCH_ENGINE_IDS) {
      const engine = raw.body.engines[AUDIT_MODEL_KEYS[id]];
      expect(engine.runs).toEqual(answer.runAnswers[AUDIT_MODEL_KEYS[id]]);
      expect(engine.memory.text).toContain('Simulated');
    }
    const stored = await rows<{ memory: number }>(harness(), "SELECT jsonb_array_length(jsonb_path_query_array(memory_answers, '$.*')) AS memory FROM llm_queries WHERE report_id = $1", [answer.reportId]);
    expect(stored).toEqual([{ memory: 5 }]);
  });

  it('answers empty gap domains and null memory without a brand', async () => {
    const response = await audit({ query: 'quiet cordless vacuum', email: 'a@b.co' }).expect(200);
    const answer = response.body as AuditReport;
    expect(answer.gapDomains).toEqual([]);
    expect(answer.memory.openai).toEqual({ mentioned: null, foundBySearch: null });
    expect(answer.nextSteps.map((step) => step.kind)).not.toContain('not-in-memory');
  });

  it('answers 404 for the raw answers of an unknown report', async () => {
    await harness().http().get('/api/llm-query/reports/AAAAAAAAAAAAAAAAAAAAAA.json').expect(404);
  });
});
