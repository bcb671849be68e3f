import { describe, expect, it } from '@jest/globals';
import { isNumericId, slugify } from '../src/slug.js';

describe('slugify', () => {
  it('makes lower-case hyphenated words', () => {
    expect(slugify('How AI Search Picks Brands: A 2025 Guide!', 'post')).toBe('how-ai-search-picks-brands-a-2025-guide');
  });
  it('folds accents, ampersands and apostrophes', () => {
    expect(slugify("Café Brands & Amazon's Rufus", 'post')).toBe('cafe-brands-and-amazons-rufus');
  });
  it('never returns a purely numeric slug', () => {
    expect(slugify('2025', 'post')).toBe('2025-post');
  });
  it('falls back when nothing is left', () => {
    expect(slugify('!!! ???', 'entry')).toBe('entry');
  });
  it('cuts long titles at a word boundary', () => {
    const slug = slugify('word '.repeat(60), 'post');
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug.endsWith('-')).toBe(false);
  });
});

describe('isNumericId', () => {
  it.each([['1', true], ['42', true], ['0', false], ['01', false], ['2147483648', false], ['my-post', false], ['4e2', false]])(
    '%p → %p',
    (value, expected) => {
      expect(isNumericId(value)).toBe(expected);
    },
  );
});
