import type { SemanticExpansionAnswer, SemanticExpansionQuery } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { csvFileName, semanticExpansionCsv } from './semantic-expansion-csv';
import { auditSearch, groupByType } from './semantic-expansion-results';

const query = (text: string, type: SemanticExpansionQuery['type'], weight: number): SemanticExpansionQuery => ({
  query: text,
  type,
  userIntent: `intent: ${text}`,
  reasoning: 'because, "quoted"',
  routingFormat: 'FAQ',
  weight,
});

const answer: SemanticExpansionAnswer = {
  queries: ['best oat milk in the UK', '=HYPERLINK("x")', 'oat milk as a gift'],
  fanOut: [query('best oat milk in the UK', 'reformulation', 1), query('=HYPERLINK("x")', 'related', 0.67), query('oat milk as a gift', 'personalised', 0.33)],
  countReasoning: 'why',
  passes: 3,
  websiteCheck: { status: 'read', pagesRead: 2 },
  websiteAnalysis: [
    { query: 'best oat milk in the UK', found: true, coverage: 'covered', reason: 'Answers it.', content: 'Our oat milk,\nbarista grade.', url: 'https://shop.example/milk', suggestions: [] },
    { query: '=HYPERLINK("x")', found: false, coverage: 'gap', reason: 'Nothing.', suggestions: ['Add it.'] },
  ],
};

describe('the semantic expansion CSV', () => {
  it('has a byte-order mark, a header and one row per query with its coverage and page, every cell quoted', () => {
    const text = semanticExpansionCsv(answer);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).split('\r\n');
    expect(lines[0]).toBe('"query","type","weight","user intent","reasoning","routing format","coverage","coverage reason","page","best passage"');
    expect(lines[1]).toBe(
      '"best oat milk in the UK","reformulation","1","intent: best oat milk in the UK","because, ""quoted""","FAQ","covered","Answers it.","https://shop.example/milk","Our oat milk,\nbarista grade."',
    );
    expect(lines.at(-1)).toBe('');
  });

  it('never lets a cell start a spreadsheet formula (full-width signs too), and marks queries without an analysis as not checked', () => {
    const text = semanticExpansionCsv(answer);
    expect(text).toContain(`"'=HYPERLINK(""x"")","related","0.67"`);
    expect(text).toContain('"oat milk as a gift","personalised","0.33","intent: oat milk as a gift","because, ""quoted""","FAQ","not-checked","","",""');
    const fullWidth = semanticExpansionCsv({ ...answer, fanOut: [{ ...answer.fanOut[0]!, query: '＝1+2 x' }], websiteAnalysis: [] });
    expect(fullWidth).toContain(`"'＝1+2 x"`);
  });

  it('names the file after the keyword', () => {
    expect(csvFileName('Protein Bars for Kids!')).toBe('semantic-expansion-protein-bars-for-kids.csv');
    expect(csvFileName('***')).toBe('semantic-expansion.csv');
  });
});

describe('the semantic expansion table', () => {
  it('groups queries by type in a fixed order, heaviest first inside each group', () => {
    const groups = groupByType([query('a', 'related', 0.33), query('b', 'reformulation', 0.67), query('c', 'related', 1)]);
    expect(groups.map((group) => [group.type, group.queries.map((item) => item.query)])).toEqual([
      ['reformulation', ['b']],
      ['related', ['c', 'a']],
    ]);
  });

  it('links each query to the audit with the query and the website filled in, and never the email', () => {
    expect(auditSearch('best oat milk & barista', 'https://oat.example/')).toEqual({ q: 'best oat milk & barista', website: 'https://oat.example/' });
    expect(auditSearch('oat milk', '')).toEqual({ q: 'oat milk' });
  });
});
