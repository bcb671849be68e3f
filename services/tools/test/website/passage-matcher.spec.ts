import { describe, expect, it } from '@jest/globals';
import { findBestPassages, tokenize } from '../../src/website/passage-matcher.js';
import type { CrawledPage } from '../../src/website/site-crawler.js';

const pages: CrawledPage[] = [
  {
    url: 'https://tea.example/',
    title: 'Home',
    passages: [
      'Welcome to our family tea shop in Bristol. We have been blending tea since 1987.',
      'Free delivery on all orders over twenty pounds, anywhere in the United Kingdom.',
    ],
  },
  {
    url: 'https://tea.example/green-tea',
    title: 'Green tea',
    passages: [
      'Our organic green teas come from small farms in Shizuoka. Green tea is rich in antioxidants; organic green tea is grown without pesticides.',
      'How to brew: steep one teaspoon for two minutes at eighty degrees.',
      'Welcome to our family tea shop in Bristol. We have been blending tea since 1987.',
    ],
  },
  {
    url: 'https://tea.example/returns',
    title: 'Returns',
    passages: ['Returns are accepted within thirty days. Refunds go back to the original payment method.'],
  },
];

describe('tokenize', () => {
  it('lower-cases, folds accents, drops stop words and reduces plurals and possessives', () => {
    expect(tokenize("The Café's BEST teas and boxes, companies' glasses")).toEqual(['cafe', 'best', 'tea', 'box', 'company', 'glass']);
  });
});

describe('findBestPassages', () => {
  it('ranks the passage about the query first, case-insensitively', () => {
    const [best] = findBestPassages(pages, 'ORGANIC Green Tea');
    expect(best?.url).toBe('https://tea.example/green-tea');
    expect(best?.text).toContain('organic green');
  });

  it('matches singular and plural forms', () => {
    expect(findBestPassages(pages, 'refund')[0]?.url).toBe('https://tea.example/returns');
    expect(findBestPassages(pages, 'deliveries')[0]?.text).toContain('Free delivery');
  });

  it('weights rare words above common ones', () => {
    const [best] = findBestPassages(pages, 'tea delivery');
    expect(best?.text).toContain('Free delivery');
  });

  it('returns only positive scores, best first, at most the limit, without repeated passages', () => {
    const matches = findBestPassages(pages, 'tea', 10);
    expect(matches.map((match) => match.url)).toEqual(['https://tea.example/', 'https://tea.example/green-tea']);
    expect(new Set(matches.map((match) => match.text)).size).toBe(matches.length);
    for (let i = 1; i < matches.length; i++) expect(matches[i]!.score).toBeLessThanOrEqual(matches[i - 1]!.score);
    expect(matches.every((match) => match.score > 0)).toBe(true);
    expect(findBestPassages(pages, 'tea', 1)).toHaveLength(1);
    expect(findBestPassages(pages, 'green tea brew delivery returns')).toHaveLength(3);
  });

  it('finds nothing for unrelated words, stop words only, or no pages', () => {
    expect(findBestPassages(pages, 'quantum chromodynamics')).toEqual([]);
    expect(findBestPassages(pages, 'the and of')).toEqual([]);
    expect(findBestPassages([], 'tea')).toEqual([]);
    expect(findBestPassages(pages, 'tea', 0)).toEqual([]);
  });

  it('is deterministic', () => {
    expect(findBestPassages(pages, 'green tea brew')).toEqual(findBestPassages(pages, 'green tea brew'));
  });
});
