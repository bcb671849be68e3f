import { describe, expect, it } from '@jest/globals';
import { auditInsights, isBrandsOwnDomain, memoryReading, type AuditInsightsInput } from '../src/audit-insights.js';
import { auditBrandReport, type AuditRunAnswer, type AuditRunAnswers, type BrandNote } from '../src/audit-report.js';

const answer = (text: string, brands: string[], cited: string[], extra: Partial<AuditRunAnswer> = {}): AuditRunAnswer => ({
  text,
  brands,
  citations: cited.map((url) => ({ url, title: url })),
  searchQueries: [],
  grounded: true,
  ...extra,
});

/**
 * A fixed answer set: ChatGPT names Volta and Saltwise (citing runnersmag and the brands' own
 * sites), Claude names Volta and Pacer and reads the visitor's page without citing it, Gemini
 * names the visitor (Brisk) and cites the visitor's site and gearlab.
 */
const runAnswers: AuditRunAnswers = {
  openai: [
    answer('Volta is the favourite [1], with Saltwise close behind [2][3].', ['Volta', 'Saltwise'], ['https://www.runnersmag.example/best', 'https://volta.example/shop', 'https://www.saltwise.example/'], {
      searchQueries: ['best electrolyte powder for runners', 'electrolyte powder reviews uk'],
      retrieved: ['https://www.runnersmag.example/best', 'https://volta.example/shop', 'https://www.saltwise.example/', 'https://forum.trail.example/t/1'],
    }),
    answer('Saltwise leads [1]; Volta is good value [2].', ['Saltwise', 'Volta'], ['https://www.runnersmag.example/best', 'https://forum.trail.example/t/1'], {
      searchQueries: ['best electrolyte powder for runners'],
      retrieved: ['https://www.runnersmag.example/best', 'https://forum.trail.example/t/1'],
    }),
  ],
  claude: [
    answer('Volta [1] and Pacer [2] are the usual picks.', ['Volta', 'Pacer'], ['https://forum.trail.example/t/2', 'https://www.runnersmag.example/other'], {
      searchQueries: ['electrolyte powder runners'],
      retrieved: ['https://forum.trail.example/t/2', 'https://www.runnersmag.example/other', 'https://brisk.example/guides/electrolytes'],
    }),
  ],
  gemini: [
    answer('Brisk is a strong choice [1], as is Pacer [2].', ['Brisk', 'Pacer'], ['https://brisk.example/products/salts', 'https://www.gearlab.example/r'], {
      searchQueries: ['brisk electrolyte review'],
      brandNotes: [
        { name: 'Brisk', sentiment: 'positive', attributes: ['strong choice'] },
        { name: 'Pacer', sentiment: 'neutral', attributes: [] },
      ] satisfies BrandNote[],
    }),
  ],
};

function input(overrides: Partial<AuditInsightsInput> = {}): AuditInsightsInput {
  const report = auditBrandReport(runAnswers, 'Brisk');
  return {
    runAnswers,
    brand: 'Brisk',
    competitors: [],
    website: 'https://brisk.example',
    brands: report.brands,
    visibility: report.visibility,
    memoryAnswers: {
      openai: { text: 'Popular powders include Volta and Brisk.' },
      claude: { text: 'I would look at Volta and Saltwise.' },
      gemini: { text: 'Pacer is widely sold.' },
    },
    models: { openai: 'gpt-test', claude: 'claude-test', gemini: 'gemini-test' },
    runs: 2,
    askedAt: new Date('2026-11-26T10:00:00Z'),
    ...overrides,
  };
}

describe('sources behind each brand', () => {
  it('lists, for each brand, the sites cited in the answers naming it, counted in answers', () => {
    const { brandSources } = auditInsights(input());
    const volta = brandSources.find((row) => row.brand === 'Volta')!;
    // Volta is named in both ChatGPT answers and Claude's: runnersmag is cited in all three.
    expect(volta.domains).toEqual([
      { domain: 'runnersmag.example', answers: 3 },
      { domain: 'forum.trail.example', answers: 2 },
      { domain: 'saltwise.example', answers: 1 },
      { domain: 'volta.example', answers: 1 },
    ]);
    expect(brandSources.find((row) => row.brand === 'Brisk')!.domains).toEqual([
      { domain: 'brisk.example', answers: 1 },
      { domain: 'gearlab.example', answers: 1 },
    ]);
  });
});

describe('gap domains', () => {
  it('are the sites citing two or more competitors and never the visitor, brands’ own sites left out', () => {
    const { gapDomains } = auditInsights(input());
    expect(gapDomains).toEqual([
      { domain: 'runnersmag.example', competitors: ['Volta', 'Saltwise', 'Pacer'], answers: 3 },
      { domain: 'forum.trail.example', competitors: ['Volta', 'Saltwise', 'Pacer'], answers: 2 },
    ]);
  });

  it('are empty without a brand', () => {
    const report = auditBrandReport(runAnswers, null);
    expect(auditInsights(input({ brand: null, visibility: report.visibility, brands: report.brands })).gapDomains).toEqual([]);
  });

  it('leave out a site once an answer naming the visitor cites it', () => {
    const withVisitor: AuditRunAnswers = { ...runAnswers, grok: [answer('Brisk and Volta [1].', ['Brisk', 'Volta'], ['https://www.runnersmag.example/x'])] };
    const report = auditBrandReport(withVisitor, 'Brisk');
    const { gapDomains } = auditInsights(input({ runAnswers: withVisitor, brands: report.brands, visibility: report.visibility }));
    expect(gapDomains.map((gap) => gap.domain)).toEqual(['forum.trail.example']);
  });

  it('recognise a brand’s own site by its host', () => {
    expect(isBrandsOwnDomain('www.haldenandmoss.example', 'Halden & Moss')).toBe(true);
    expect(isBrandsOwnDomain('runnersmag.example', 'Volta')).toBe(false);
  });
});

describe('retrieved vs cited', () => {
  it('counts, per engine that says what it read, the answers reading and citing each site', () => {
    const { retrieval } = auditInsights(input());
    expect(retrieval.openai).toEqual([
      { domain: 'forum.trail.example', retrieved: 2, cited: 1 },
      { domain: 'runnersmag.example', retrieved: 2, cited: 2 },
      { domain: 'saltwise.example', retrieved: 1, cited: 1 },
      { domain: 'volta.example', retrieved: 1, cited: 1 },
    ].sort((a, b) => b.retrieved - a.retrieved || b.cited - a.cited || a.domain.localeCompare(b.domain)));
    expect(retrieval.claude).toContainEqual({ domain: 'brisk.example', retrieved: 1, cited: 0 });
    // Gemini's answers here say nothing about what was read.
    expect(retrieval.gemini).toBeUndefined();
  });

  it('lists the visitor’s pages read and cited, the ones read but never cited first', () => {
    const { websitePages } = auditInsights(input());
    expect(websitePages).toEqual([
      { url: 'https://brisk.example/guides/electrolytes', readBy: ['claude'], citedBy: [] },
      { url: 'https://brisk.example/products/salts', readBy: ['gemini'], citedBy: ['gemini'] },
    ]);
  });
});

describe('memory vs live search', () => {
  it('says per engine whether the search-off answer names the brand, beside the searched answers', () => {
    const { memory } = auditInsights(input());
    expect(memory.openai).toEqual({ mentioned: true, foundBySearch: false, reading: memoryReading(true, false) });
    expect(memory.claude).toMatchObject({ mentioned: false, foundBySearch: false });
    expect(memory.gemini).toMatchObject({ mentioned: false, foundBySearch: true });
    expect(memory.grok).toBeUndefined();
    expect(memoryReading(true, false)).toBe('Known to the model but not found by search: work on pages that rank for these searches.');
  });

  it('is null without a brand', () => {
    const report = auditBrandReport(runAnswers, null);
    const { memory } = auditInsights(input({ brand: null, brands: report.brands, visibility: null }));
    expect(memory.openai).toEqual({ mentioned: null, foundBySearch: null });
  });
});

describe('sentiment', () => {
  it('counts the answers naming a brand by the tone of their note on it', () => {
    const { brands } = auditBrandReport(runAnswers, 'Brisk');
    expect(brands.find((row) => row.name === 'Brisk')).toMatchObject({ sentiment: { positive: 1, neutral: 0, negative: 0 }, attributes: [{ attribute: 'strong choice', answers: 1 }] });
    expect(brands.find((row) => row.name === 'Pacer')!.sentiment).toEqual({ positive: 0, neutral: 1, negative: 0 });
    // Answers without notes are not counted.
    expect(brands.find((row) => row.name === 'Volta')!.sentiment).toEqual({ positive: 0, neutral: 0, negative: 0 });
  });
});

describe('next steps', () => {
  it('are ranked by the share of answers (or engines) each concerns, each with its basis', () => {
    const { nextSteps } = auditInsights(input());
    expect(nextSteps.map((step) => step.kind)).toEqual(['get-listed', 'search-gap', 'not-in-memory', 'read-not-cited']);
    const [listed, search, memory, page] = nextSteps;
    expect(listed!.text).toBe('Get listed on runnersmag.example, forum.trail.example: the engines cite them for Volta, Saltwise, Pacer and never for Brisk.');
    expect(listed!.basis).toContain('runnersmag.example is cited in 3 answers naming 3 competitors');
    // The search naming the brand ("brisk electrolyte review") is not a shopper's search.
    expect(search!.text).toContain('“best electrolyte powder for runners”');
    expect(search!.text).not.toContain('brisk electrolyte review');
    expect(search!.href).toBe('/query-fan-out?keyword=best%20electrolyte%20powder%20for%20runners');
    expect(memory!.text).toBe('Claude and Gemini do not know Brisk from memory: earn mentions on the sites the engines read (reviews, round-ups, forums), which is what the next models learn from.');
    expect(memory!.basis).toBe('Memory vs live search: asked once with search off, 2 engines of 3 did not name Brisk.');
    expect(page!.text).toContain('https://brisk.example/guides/electrolytes was read but not cited');
    expect(page!.basis).toBe('Retrieved vs cited: read by Claude in 1 answer, cited in none.');
  });

  it('are empty without answers', () => {
    expect(auditInsights(input({ runAnswers: {}, brands: [], visibility: null })).nextSteps).toEqual([]);
  });

  it('name the method: when, where, in what language, how many runs and which models', () => {
    expect(auditInsights(input()).method).toEqual({
      askedAt: '2026-11-26T10:00:00.000Z',
      location: 'United Kingdom',
      language: 'en-GB',
      runs: 2,
      models: { openai: 'gpt-test', claude: 'claude-test', gemini: 'gemini-test' },
    });
  });
});
