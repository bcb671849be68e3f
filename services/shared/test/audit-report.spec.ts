import { describe, expect, it } from '@jest/globals';
import {
  auditBrandReport,
  brandsPerAnswer,
  citedDomains,
  isAuditReportId,
  positionRange,
  rankedBrands,
  websiteCitedBy,
  wilsonInterval,
  type AuditRunAnswer,
} from '../src/audit-report.js';
import { auditVisibility, brandAliases, isRefusal, withoutRefusals } from '../src/audit-visibility.js';

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
    expect(auditVisibility({ responses: { openai: text } }, 'Brand X').models.openai.status).toBe('not-mentioned');
    expect(auditVisibility({ responses: { openai: 'Brand X is a good pick.' } }, 'Brand X').models.openai.status).toBe('mentioned');
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
    const visibility = auditVisibility({ responses: { openai: 'Try BrandX gels.', claude: 'Try Lumera.' } }, 'Brand X, BrandX');
    expect(visibility.subject).toBe('Brand X');
    expect(visibility.mentions).toBe(1);
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

describe('report ids', () => {
  it('are 22 base64url characters', () => {
    expect(isAuditReportId('aXADEgYtkM8Ttyhc1YNWLA')).toBe(true);
    expect(isAuditReportId('../../etc/passwd')).toBe(false);
    expect(isAuditReportId('aXADEgYtkM8Ttyhc1YNWLA.csv')).toBe(false);
  });
});
