import { describe, expect, it } from 'vitest';
import { citedDomains, responsePreview, summariseFanOutResults, usageTotals } from './tool-record-summaries';

describe('summariseFanOutResults', () => {
  it('counts the generated queries and the analysis items the website covers', () => {
    const results = JSON.stringify({
      queries: ['a', 'b', 'c', 'd'],
      websiteAnalysis: [
        { query: 'a', found: true, content: 'x', suggestions: [] },
        { query: 'b', found: false, suggestions: ['y'] },
        { query: 'c', found: true, suggestions: [] },
      ],
    });
    expect(summariseFanOutResults(results)).toEqual({ variations: 4, found: 2, total: 3 });
  });

  it('counts only found: true, not truthy look-alikes', () => {
    const results = JSON.stringify({ queries: [], websiteAnalysis: [{ found: 'true' }, { found: 1 }, null, { found: true }] });
    expect(summariseFanOutResults(results)).toEqual({ variations: 0, found: 1, total: 4 });
  });

  it('ignores results that do not parse or lack either list', () => {
    for (const results of ['', 'not json', '{"queries":', 'null', '[]', '{"queries":[]}', '{"queries":"a","websiteAnalysis":[]}']) {
      expect(summariseFanOutResults(results)).toBeNull();
    }
  });
});

describe('responsePreview', () => {
  it('reads the stored answers per model and cuts them at 150 characters', () => {
    const response = JSON.stringify({ openai: 'A'.repeat(130), claude: 'Short answer' });
    const preview = responsePreview(response);
    expect(preview).toBe(`ChatGPT: ${'A'.repeat(130)} Claude: Sh...`);
    expect(preview).toHaveLength(150 + '...'.length);
    expect(preview.endsWith('...')).toBe(true);
  });

  it('shows a short response whole, and text that is not JSON as it is', () => {
    expect(responsePreview(JSON.stringify({ grok: 'Brand X leads.' }))).toBe('Grok: Brand X leads.');
    expect(responsePreview('plain   answer\ntext')).toBe('plain answer text');
  });
});

describe('citedDomains', () => {
  it('counts the models that cited each site, most-cited first', () => {
    const citations = {
      openai: [
        { url: 'https://www.shop.example/a', title: 'A' },
        { url: 'https://shop.example/b', title: 'B' },
        { url: 'https://review.example/x', title: 'X' },
      ],
      claude: [{ url: 'https://review.example/y', title: 'Y' }],
      gemini: [{ url: 'https://www.shop.example/c', title: 'C' }, { url: 'https://alpha.example/', title: 'Alpha' }],
    };
    expect(citedDomains(citations)).toEqual([
      { domain: 'review.example', models: 2 },
      { domain: 'shop.example', models: 2 },
      { domain: 'alpha.example', models: 1 },
    ]);
  });

  it('reads records stored before citations, and skips what is not an address', () => {
    expect(citedDomains({})).toEqual([]);
    expect(citedDomains(null)).toEqual([]);
    expect(citedDomains({ openai: 'x', grok: [null, { url: 4 }, { url: 'not a url' }] } as never)).toEqual([]);
  });
});

describe('usageTotals', () => {
  it('adds up the tokens and searches of every model that answered', () => {
    expect(
      usageTotals({
        openai: { inputTokens: 1200, outputTokens: 300, searches: 2 },
        claude: { inputTokens: 3400, outputTokens: 250, searches: 1 },
      }),
    ).toEqual({ inputTokens: 4600, outputTokens: 550, searches: 3 });
  });

  it('has nothing to say for audits stored before usage was recorded', () => {
    expect(usageTotals({})).toBeNull();
    expect(usageTotals(undefined)).toBeNull();
    expect(usageTotals({ openai: { inputTokens: 'x', searches: 2 } } as never)).toEqual({ inputTokens: 0, outputTokens: 0, searches: 2 });
  });
});
