import { describe, expect, it } from '@jest/globals';
import { changeSentence, compareProportions, fisherExactTwoSided, formatPValue, twoProportionZTest } from '../src/trend-significance.js';
import { trendHistory, type TrendSample } from '../src/tracking.js';
import type { AuditBrandVisibility } from '../src/audit-report.js';

describe("Fisher's exact test against published values", () => {
  it("gives Fisher's lady tasting tea, 3 of 4 against 1 of 4, p = 0.4857 two-sided (Fisher 1935; R: fisher.test(matrix(c(3,1,1,3),2)))", () => {
    expect(fisherExactTwoSided(3, 1, 1, 3)).toBeCloseTo(0.4857, 4);
  });

  it('gives the all-correct tea tasting, 4 of 4 against 0 of 4, p = 0.02857 two-sided (2/70)', () => {
    expect(fisherExactTwoSided(4, 0, 0, 4)).toBeCloseTo(2 / 70, 6);
  });

  it("gives R's fisher.test Job satisfaction-style 2×2 [[1, 9], [11, 3]] (Wikipedia's worked example), p = 0.002759", () => {
    expect(fisherExactTwoSided(1, 9, 11, 3)).toBeCloseTo(0.002759, 5);
  });

  it('is symmetric in its rows and says 1 when nothing can differ', () => {
    expect(fisherExactTwoSided(2, 10, 9, 3)).toBeCloseTo(fisherExactTwoSided(9, 3, 2, 10), 12);
    expect(fisherExactTwoSided(0, 12, 0, 12)).toBe(1);
  });
});

describe('the two-proportion z-test', () => {
  it('gives the textbook pooled example: 45 of 100 against 30 of 100, z = 2.19, p = 0.029', () => {
    expect(twoProportionZTest({ k: 45, n: 100 }, { k: 30, n: 100 })).toBeCloseTo(0.0285, 3);
  });
});

describe('calling a change', () => {
  it('uses Fisher for small counts and words the issue example as a significant rise', () => {
    const result = compareProportions({ k: 2, n: 12 }, { k: 9, n: 12 });
    expect(result.test).toBe('fisher');
    expect(result.p).toBeCloseTo(0.01230, 4);
    expect(changeSentence({ k: 2, n: 12 }, { k: 9, n: 12 }, result.p)).toBe('up from 2 of 12 to 9 of 12 (significant, p = 0.01)');
  });

  it('uses the z-test from 100 answers on when every expected count is 5 or more', () => {
    expect(compareProportions({ k: 45, n: 100 }, { k: 30, n: 100 }).test).toBe('z');
    expect(compareProportions({ k: 3, n: 100 }, { k: 1, n: 100 }).test).toBe('fisher');
  });

  it('says "no significant change" for noise', () => {
    const { p } = compareProportions({ k: 4, n: 12 }, { k: 5, n: 12 });
    expect(changeSentence({ k: 4, n: 12 }, { k: 5, n: 12 }, p)).toBe('no significant change (4 of 12, then 5 of 12)');
  });

  it('writes p-values a reader can take in', () => {
    expect(formatPValue(0.4857)).toBe('p = 0.49');
    expect(formatPValue(0.0496)).toBe('p = 0.050');
    expect(formatPValue(0.0042)).toBe('p = 0.004');
    expect(formatPValue(0.0001)).toBe('p < 0.001');
  });
});

function visibility(mentionedIn: number, answers: number, engines: Record<string, [number, number]>): AuditBrandVisibility {
  return {
    brand: 'Oatly',
    aliases: ['Oatly'],
    mentionedIn,
    answers,
    low: 0,
    high: 1,
    shareOfVoice: 0.1,
    averagePosition: null,
    engines: Object.fromEntries(Object.entries(engines).map(([key, [k, n]]) => [key, { mentionedIn: k, answers: n, positions: [] }])),
  };
}

function sample(day: number, k: number, domains: string[]): TrendSample {
  const citations = domains.map((domain) => ({ url: `https://${domain}/page`, title: domain }));
  return {
    ranAt: new Date(Date.UTC(2026, 0, day)),
    visibility: visibility(k, 12, { openai: [Math.min(k, 3), 3], claude: [Math.max(0, k - 3), 9] }),
    competitorVisibility: [],
    runAnswers: { openai: [{ text: 'x', citations, searchQueries: [], grounded: true, brands: [] }] },
  };
}

describe('the trend of a tracked question', () => {
  it('compares the latest run with the previous and the first, and lists cited domains gained and lost', () => {
    const history = trendHistory([sample(1, 2, ['a.com', 'b.com']), sample(8, 3, ['a.com', 'c.com']), sample(15, 9, ['c.com'])]);
    expect(history).toHaveLength(3);
    expect(history[0]!.comparisons).toEqual([]);
    expect(history[1]!.significantChange).toBeNull();
    expect(history[1]!.domainsGained).toEqual(['c.com']);
    expect(history[1]!.domainsLost).toEqual(['b.com']);
    const latest = history[2]!;
    const againstFirst = latest.comparisons.find((each) => each.against === 'first' && each.scope === 'overall');
    expect(againstFirst?.sentence).toBe('up from 2 of 12 to 9 of 12 (significant, p = 0.01)');
    expect(latest.significantChange).toMatchObject({ scope: 'overall', against: 'previous' });
    expect(latest.perModel.claude).toMatchObject({ mentionedIn: 6, answers: 9 });
    expect(latest.perModel.claude!.low).toBeLessThan(6 / 9);
    expect(latest.perModel.claude!.high).toBeGreaterThan(6 / 9);
  });
});
