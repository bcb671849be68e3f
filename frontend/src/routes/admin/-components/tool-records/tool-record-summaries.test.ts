import { describe, expect, it } from 'vitest';
import { citedDomains, engineModels, parseSemanticExpansionResults, responsePreview, summariseSemanticExpansionResults, usageTotals, visibilitySummary } from './tool-record-summaries';

describe('summariseSemanticExpansionResults', () => {
  it('counts the generated queries and the analysis items the website covers', () => {
    const results = JSON.stringify({
      queries: ['a', 'b', 'c', 'd'],
      websiteAnalysis: [
        { query: 'a', found: true, content: 'x', suggestions: [] },
        { query: 'b', found: false, suggestions: ['y'] },
        { query: 'c', found: true, suggestions: [] },
      ],
    });
    expect(summariseSemanticExpansionResults(results)).toEqual({ variations: 4, found: 2, total: 3, checked: true });
  });

  it('counts only found: true, not truthy look-alikes', () => {
    const results = JSON.stringify({ queries: [], websiteAnalysis: [{ found: 'true' }, { found: 1 }, null, { found: true }] });
    expect(summariseSemanticExpansionResults(results)).toEqual({ variations: 0, found: 1, total: 4, checked: true });
  });

  it('says the site was not checked when it could not be read, rather than 0 of n found', () => {
    const notChecked = { query: 'a', found: false, coverage: 'not-checked', suggestions: [] };
    const unreadable = { queries: ['a', 'b'], websiteCheck: { status: 'unreadable', pagesRead: 0, warning: 'We could not read your website: timed out' }, websiteAnalysis: [notChecked, { ...notChecked, query: 'b' }] };
    expect(summariseSemanticExpansionResults(JSON.stringify(unreadable))).toEqual({ variations: 2, found: 0, total: 2, checked: false });
    expect(parseSemanticExpansionResults(JSON.stringify(unreadable))?.notChecked).toEqual({ warning: 'We could not read your website: timed out' });
    // Stored before the check's status was kept: every query reading "not checked" says the same.
    const older = { queries: ['a'], websiteAnalysis: [notChecked] };
    expect(summariseSemanticExpansionResults(JSON.stringify(older))?.checked).toBe(false);
    expect(parseSemanticExpansionResults(JSON.stringify(older))?.notChecked).toEqual({ warning: undefined });
    const read = { queries: ['a'], websiteCheck: { status: 'read', pagesRead: 3 }, websiteAnalysis: [{ ...notChecked, coverage: 'gap' }] };
    expect(summariseSemanticExpansionResults(JSON.stringify(read))?.checked).toBe(true);
    expect(parseSemanticExpansionResults(JSON.stringify(read))?.notChecked).toBeNull();
  });

  it('ignores results that do not parse or lack either list', () => {
    for (const results of ['', 'not json', '{"queries":', 'null', '[]', '{"queries":[]}', '{"queries":"a","websiteAnalysis":[]}']) {
      expect(summariseSemanticExpansionResults(results)).toBeNull();
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

describe('engineModels', () => {
  it('names the model each engine answered with, in the site\'s engine order', () => {
    expect(engineModels({ model: 'gpt-4o', models: { grok: 'grok-4', openai: 'gpt-4o-2024-08-06', claude: 'claude-sonnet-5-5' } })).toBe(
      'ChatGPT: gpt-4o-2024-08-06; Claude: claude-sonnet-5-5; Grok: grok-4',
    );
  });

  it('falls back to the one stored model for records kept before each engine\'s was', () => {
    expect(engineModels({ model: 'gpt-4o', models: {} })).toBe('gpt-4o');
  });
});

describe('visibilitySummary', () => {
  it('reads the worker\'s figures: answers naming the brand, the interval, share of voice and position', () => {
    const visibility = { brand: 'Solvani', aliases: ['Solvani'], mentionedIn: 7, answers: 12, low: 0.3197, high: 0.8067, shareOfVoice: 0.25, averagePosition: 1.5, engines: {} };
    expect(visibilitySummary(visibility)).toBe('Solvani is named in 7 of 12 answers (58%; 95% interval 32–81%), 25% share of voice, average position 1.5.');
    expect(visibilitySummary({ ...visibility, mentionedIn: 0, averagePosition: null, shareOfVoice: 0, low: 0, high: 0.2425 })).toBe(
      'Solvani is named in 0 of 12 answers (0%; 95% interval 0–24%), 0% share of voice.',
    );
  });
});
