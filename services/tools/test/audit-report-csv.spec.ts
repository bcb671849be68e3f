import { describe, expect, it } from '@jest/globals';
import { auditBrandReport, auditInsights, auditSummaryFigures, type AuditReport, type AuditRunAnswer, type AuditRunAnswers } from '@agency/shared';
import { auditReportCsv } from '../src/audit/audit-report-csv.js';

const run = (text: string, brands: string[], urls: string[] = []): AuditRunAnswer => ({ text, brands, citations: urls.map((url) => ({ url, title: url })), searchQueries: [], grounded: true });

// Solvani is named in 7 of 12 answers, but not in ChatGPT's or Gemini's first one.
const runAnswers: AuditRunAnswers = {
  openai: [run('Try Graze bars.', ['Graze']), run('Solvani and Graze.', ['Solvani', 'Graze'], ['https://solvani.example/a']), run('Graze only.', ['Graze'])],
  claude: [run('Solvani first, then Graze.', ['Solvani', 'Graze']), run('Solvani.', ['Solvani']), run('Graze, then Solvani.', ['Graze', 'Solvani'])],
  gemini: [run('Graze leads.', ['Graze']), run('Bulk and Solvani.', ['Bulk', 'Solvani']), run('Bulk.', ['Bulk'])],
  grok: [run('Solvani.', ['Solvani']), run('Graze.', ['Graze']), run('Graze and Solvani.', ['Graze', 'Solvani'])],
};

function report(overrides: Partial<AuditReport> = {}): AuditReport {
  const brand = overrides.brand ?? 'Solvani';
  const competitors = overrides.competitors ?? ['Graze'];
  return {
    query: 'best protein bars',
    responses: {},
    errors: {},
    citations: {},
    searchQueries: {},
    grounded: {},
    endings: {},
    endingCounts: {},
    searchSuggestions: {},
    runs: 3,
    runAnswers,
    ...auditBrandReport(runAnswers, brand, competitors),
    ...auditInsights({
      runAnswers,
      brand,
      competitors,
      website: 'https://solvani.example/',
      ...auditBrandReport(runAnswers, brand, competitors),
      memoryAnswers: {},
      models: {},
      runs: 3,
      askedAt: new Date('2026-01-05T10:00:00.000Z'),
    }),
    reportId: 'aXADEgYtkM8Ttyhc1YNWLA',
    reportUrl: '/ai-search-audit/report/aXADEgYtkM8Ttyhc1YNWLA',
    brand,
    competitors,
    website: 'https://solvani.example/',
    models: {},
    simulated: false,
    createdAt: '2026-01-05T10:00:00.000Z',
    expiresAt: '2026-04-05T10:00:00.000Z',
    ...overrides,
  };
}

/** The CSV as rows of cells keyed by the header (the cells hold no commas or line breaks here). */
function parse(csv: string): Record<string, string>[] {
  const [header, ...lines] = csv.replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.slice(1, -1).split('","'));
  return lines.map((cells) => Object.fromEntries(header!.map((name, at) => [name, cells[at] ?? ''])));
}

describe('the audit report CSV', () => {
  it('starts with a UTF-8 byte-order mark, so Excel reads "£" as "£"', () => {
    expect(auditReportCsv(report()).startsWith('\uFEFF"section"')).toBe(true);
  });

  it('leads with the headline figures the summary and the brand table show', () => {
    const built = report();
    const rows = parse(auditReportCsv(built));
    const summary = auditSummaryFigures(built.runAnswers, built.visibility);
    const headline = rows.find((row) => row.section === 'visibility' && row.engine === '')!;
    expect(headline).toMatchObject({ brand: 'Solvani', 'answers naming it': '7', answers: '12', 'visibility %': String(summary.score), 'share of voice %': '41' });
    expect(Number(headline['range low %'])).toBeLessThan(58);
    expect(Number(headline['range high %'])).toBeGreaterThan(58);
    const chatGpt = rows.find((row) => row.section === 'visibility' && row.engine === 'ChatGPT')!;
    const tableRow = built.brands.find((brand) => brand.name === 'Solvani')!;
    expect(chatGpt['answers naming it']).toBe(String(summary.engines.openai.mentionedIn));
    expect(chatGpt['answers naming it']).toBe(String(tableRow.mentions.openai));
    expect(rows.find((row) => row.section === 'competitor visibility' && row.engine === '')).toMatchObject({ brand: 'Graze', 'answers naming it': '8', answers: '12' });
    expect(rows.find((row) => row.section === 'site cited')).toMatchObject({ url: 'https://solvani.example/', text: 'yes, by ChatGPT' });
  });

  it('carries the ranked next steps with their basis, the gap domains and memory per engine, as stored', () => {
    const stored = report({
      nextSteps: [
        { kind: 'get-listed', text: 'Get listed on shelf.example: the engines cite it for Graze and never for Solvani.', basis: 'Sources behind each brand: shelf.example' },
        { kind: 'search-gap', text: 'These searches find nothing of yours.', basis: 'Searches: run by Grok', href: '/query-fan-out?keyword=protein%20bars' },
      ],
      gapDomains: [{ domain: 'shelf.example', competitors: ['Graze', 'Bulk'], answers: 3 }],
      memory: { openai: { mentioned: false, foundBySearch: true, reading: 'Found by search but not known from memory.' }, claude: { mentioned: null, foundBySearch: null } },
    });
    const rows = parse(auditReportCsv(stored));
    expect(rows.filter((row) => row.section === 'next step').map((row) => [row.position, row.text, row.title, row.url])).toEqual([
      ['1', 'Get listed on shelf.example: the engines cite it for Graze and never for Solvani.', 'Sources behind each brand: shelf.example', ''],
      ['2', 'These searches find nothing of yours.', 'Searches: run by Grok', '/query-fan-out?keyword=protein%20bars'],
    ]);
    expect(rows.filter((row) => row.section === 'gap domain').map((row) => [row.url, row.brand, row.answers])).toEqual([['shelf.example', 'Graze; Bulk', '3']]);
    // An engine with no brand to look for has no memory row.
    expect(rows.filter((row) => row.section === 'memory').map((row) => [row.engine, row.text])).toEqual([['ChatGPT', 'not known from memory: Found by search but not known from memory.']]);
  });

  it('writes full-width and ASCII formula starts as text, like the admin exports', () => {
    const cases: [Partial<AuditReport>, string[]][] = [
      [{ query: '＝1+2 x', brand: '＋SUM(1)', competitors: ['－2', '＠A1'] }, ['＝1+2 x', '＋SUM(1)', '－2', '＠A1']],
      [{ query: '\t=1+2', brand: '=HYPERLINK(1)', competitors: ['+1', '-1', '@A1'] }, ['\t=1+2', '=HYPERLINK(1)', '+1', '-1', '@A1']],
      [{ query: '\r=1+2' }, ['\r=1+2']],
    ];
    for (const [overrides, dangerous] of cases) {
      const csv = auditReportCsv(report(overrides));
      for (const text of dangerous) {
        expect(csv).toContain(`"'${text}"`);
        expect(csv).not.toContain(`"${text}"`);
      }
    }
  });
});
