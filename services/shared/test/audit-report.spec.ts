import { describe, expect, it } from '@jest/globals';
import {
  auditBrandReport,
  auditSummaryFigures,
  brandVisibilityScore,
  brandsPerAnswer,
  citedDomains,
  isAuditReportId,
  positionRange,
  rankedBrands,
  websiteCitedBy,
  wilsonInterval,
  type AuditRunAnswer,
} from '../src/audit-report.js';
import { brandAliases, isRefusal, withoutRefusals } from '../src/audit-visibility.js';

const run = (text: string, brands: string[], urls: string[] = []): AuditRunAnswer => ({
  text,
  brands,
  citations: urls.map((url) => ({ url, title: url })),
  searchQueries: [],
  grounded: true,
});

describe('refusals', () => {
  it('a name mentioned only to say nothing was found about it is not a mention', () => {
    const text = "I couldn't find any information about Brand X. Lumera and Corvel are popular.";
    expect(withoutRefusals(text)).toHaveLength(text.length);
    expect(withoutRefusals(text)).not.toContain('Brand X');
    expect(auditBrandReport({ openai: [run(text, ['Lumera', 'Corvel'])] }, 'Brand X').visibility!.mentionedIn).toBe(0);
    expect(auditBrandReport({ openai: [run('Brand X is a good pick.', [])] }, 'Brand X').visibility!.mentionedIn).toBe(1);
  });

  it('knows the usual ways of saying nothing was found', () => {
    for (const sentence of [
      'I could not find reliable information about Zeta Gel.',
      "I'm not familiar with Zeta Gel.",
      "We don't have specific information on Zeta Gel.",
      'There is no reliable information about Zeta Gel.',
      'I was unable to find reviews of Zeta Gel.',
    ]) {
      expect(isRefusal(sentence)).toBe(true);
    }
    expect(isRefusal('Zeta Gel is the best choice for runners.')).toBe(false);
  });
});

describe('brand aliases', () => {
  it('splits the brand field at commas, trims, and keeps each name once', () => {
    expect(brandAliases(' Brand X ,BrandX, brand x,,  ')).toEqual(['Brand X', 'BrandX']);
    expect(brandAliases(null)).toEqual([]);
  });

  it('any alias counts as a mention of the brand, under its first name', () => {
    const { visibility } = auditBrandReport({ openai: [run('Try BrandX gels.', [])], claude: [run('Try Lumera.', ['Lumera'])] }, 'Brand X, BrandX');
    expect(visibility).toMatchObject({ brand: 'Brand X', mentionedIn: 1, answers: 2 });
  });
});

describe('Wilson interval', () => {
  it('matches the published 95% values', () => {
    expect(wilsonInterval(0, 12)).toEqual({ low: 0, high: 0.2425 });
    expect(wilsonInterval(12, 12)).toEqual({ low: 0.7575, high: 1 });
    const half = wilsonInterval(5, 10);
    expect(half.low).toBeCloseTo(0.2366, 4);
    expect(half.high).toBeCloseTo(0.7634, 4);
  });

  it('is the whole range without answers', () => {
    expect(wilsonInterval(0, 0)).toEqual({ low: 0, high: 1 });
  });
});

describe('position ranges', () => {
  it('is one number for one position and low–high for several', () => {
    expect(positionRange([2])).toBe('2');
    expect(positionRange([3, 1, 2])).toBe('1–3');
    expect(positionRange([])).toBe('');
  });

  it('ranks the brands of an answer by first mention, with the visitor’s brand where the text names it', () => {
    const answer = run('Corvel first. Then Lumera, and Brand X Hydration. Corvel again.', ['Lumera', 'Corvel']);
    expect(rankedBrands(answer, ['Brand X'])).toEqual(['Corvel', 'Lumera', 'Brand X']);
    expect(rankedBrands(answer, [])).toEqual(['Corvel', 'Lumera']);
    // A listed name that is not in the text is dropped.
    expect(rankedBrands(run('Only Lumera.', ['Lumera', 'Ghost']), [])).toEqual(['Lumera']);
  });
});

describe('the brand report', () => {
  const answers = {
    openai: [run('Lumera, then Brand X.', ['Lumera', 'Brand X'], ['https://www.lumera.example/a', 'https://my-shop.example/g']), run('Corvel and Lumera.', ['Corvel', 'Lumera'])],
    claude: [run('Brand X leads, Corvel follows.', ['Brand X', 'Corvel'], ['https://www.lumera.example/b'])],
  };

  it('counts answers naming each brand per model, their best position, and the visitor’s share of voice', () => {
    const { brands, visibility } = auditBrandReport(answers, 'Brand X');
    expect(brands).toEqual([
      { name: 'Lumera', mentions: { openai: 2 }, firstPosition: { openai: 1 } },
      { name: 'Brand X', mentions: { openai: 1, claude: 1 }, firstPosition: { openai: 2, claude: 1 } },
      { name: 'Corvel', mentions: { openai: 1, claude: 1 }, firstPosition: { openai: 1, claude: 2 } },
    ]);
    expect(visibility).toMatchObject({
      brand: 'Brand X',
      mentionedIn: 2,
      answers: 3,
      // 2 of the 6 brand mentions.
      shareOfVoice: 0.3333,
      averagePosition: 1.5,
      engines: { openai: { mentionedIn: 1, answers: 2, positions: [2] }, claude: { mentionedIn: 1, answers: 1, positions: [1] } },
    });
    expect(visibility!.low).toBeCloseTo(wilsonInterval(2, 3).low, 6);
  });

  it('has no visibility without a brand, and counts brands per answer', () => {
    expect(auditBrandReport(answers, '  ').visibility).toBeNull();
    expect(brandsPerAnswer(answers)).toBe(2);
    expect(brandsPerAnswer({})).toBe(0);
  });

  it('ranks cited sites and marks the visitor’s own, per model too', () => {
    expect(citedDomains(answers, 'my-shop.example')).toEqual([
      { domain: 'lumera.example', count: 2, own: false },
      { domain: 'my-shop.example', count: 1, own: true },
    ]);
    expect(websiteCitedBy(answers, 'https://www.my-shop.example/')).toEqual({ openai: true, claude: false });
  });
});

describe('one visibility computation', () => {
  // Each engine is asked three times; Solvani is named in 7 of the 12 answers, but not in
  // ChatGPT's or Gemini's first answer (the summary once read only those, and disagreed).
  const solvani = {
    openai: [run('Try Graze bars.', ['Graze']), run('Solvani and Graze.', ['Solvani', 'Graze']), run('Graze only.', ['Graze'])],
    claude: [run('Solvani first, then Graze.', ['Solvani', 'Graze']), run('Solvani.', ['Solvani']), run('Graze, then Solvani.', ['Graze', 'Solvani'])],
    gemini: [run('Graze leads.', ['Graze']), run('Bulk and Solvani.', ['Bulk', 'Solvani']), run('Bulk.', ['Bulk'])],
    grok: [run('Solvani.', ['Solvani']), run('Graze.', ['Graze']), run('Graze and Solvani.', ['Graze', 'Solvani'])],
  };

  it('the summary shows the same figures as the brand table: 7 of 12 answers, each model’s k of n', () => {
    const { brands, visibility } = auditBrandReport(solvani, 'Solvani');
    const summary = auditSummaryFigures(solvani, visibility);
    const row = brands.find((brand) => brand.name === 'Solvani')!;
    expect(summary).toMatchObject({ respondingModels: 4, answers: 12, mentionedIn: 7, score: 58 });
    expect(summary.engines).toEqual({
      openai: { status: 'mentioned', mentionedIn: 1, answers: 3 },
      anthropic: { status: 'mentioned', mentionedIn: 3, answers: 3 },
      gemini: { status: 'mentioned', mentionedIn: 1, answers: 3 },
      xai: { status: 'mentioned', mentionedIn: 2, answers: 3 },
    });
    expect(row.mentions).toEqual({ openai: 1, claude: 3, gemini: 1, grok: 2 });
    expect(visibility).toMatchObject({ mentionedIn: 7, answers: 12 });
    expect(brandVisibilityScore(visibility!)).toBe(summary.score);
  });

  it('measures each competitor beside the brand with the same figures, under its own name', () => {
    const { brands, visibility, competitorVisibility } = auditBrandReport(solvani, 'Solvani', [' Graze ', 'graze', 'Nobody', 'solvani']);
    expect(visibility).toMatchObject({ brand: 'Solvani', mentionedIn: 7 });
    expect(competitorVisibility.map(({ brand, mentionedIn, answers }) => ({ brand, mentionedIn, answers }))).toEqual([
      { brand: 'Graze', mentionedIn: 8, answers: 12 },
      { brand: 'Nobody', mentionedIn: 0, answers: 12 },
    ]);
    expect(competitorVisibility[0]!.engines.openai).toEqual({ mentionedIn: 3, answers: 3, positions: [1, 2, 1] });
    expect(brands.find((brand) => brand.name === 'Graze')!.mentions).toEqual({ openai: 3, claude: 2, gemini: 1, grok: 2 });
    // 17 brand mentions in all: Solvani 7, Graze 8, Bulk 2.
    expect(competitorVisibility[0]!.shareOfVoice).toBeCloseTo(8 / 17, 4);
    expect(visibility!.shareOfVoice).toBeCloseTo(7 / 17, 4);
  });

  it('a comma in the brand field means another name of the same brand, not a competitor', () => {
    const { visibility, competitorVisibility } = auditBrandReport(solvani, 'Solvani, Graze');
    expect(visibility).toMatchObject({ brand: 'Solvani', aliases: ['Solvani', 'Graze'] });
    expect(competitorVisibility).toEqual([]);
  });

  it('measures competitors without a brand, and keeps no brand visibility', () => {
    const { visibility, competitorVisibility } = auditBrandReport(solvani, '', ['Graze']);
    expect(visibility).toBeNull();
    expect(competitorVisibility[0]).toMatchObject({ brand: 'Graze', mentionedIn: 8 });
  });
});

describe('cited sites order', () => {
  it('is the same however the answers were stored: most cited first, ties alphabetical', () => {
    const one = run('a', [], ['https://zeta.example/1', 'https://alpha.example/1']);
    const two = run('b', [], ['https://mid.example/1', 'https://zeta.example/2']);
    const asAsked = { openai: [one], grok: [two] };
    const asStored = { grok: [two], openai: [one] };
    const expected = [
      { domain: 'zeta.example', count: 2, own: false },
      { domain: 'alpha.example', count: 1, own: false },
      { domain: 'mid.example', count: 1, own: false },
    ];
    expect(citedDomains(asAsked, null)).toEqual(expected);
    expect(citedDomains(asStored, null)).toEqual(expected);
  });
});

describe('report ids', () => {
  it('are 22 base64url characters', () => {
    expect(isAuditReportId('aXADEgYtkM8Ttyhc1YNWLA')).toBe(true);
    expect(isAuditReportId('../../etc/passwd')).toBe(false);
    expect(isAuditReportId('aXADEgYtkM8Ttyhc1YNWLA.csv')).toBe(false);
  });
});
