import { describe, expect, it } from '@jest/globals';
import { countReadableWords, estimateReadTime, formatReadTime, parseReadTime, readTimeFor } from '../src/read-time.js';

describe('parseReadTime', () => {
  it.each([
    [5, 5],
    [7.4, 7],
    ['5', 5],
    [' 12 ', 12],
    ['5 min read', 5],
    ['5 mins', 5],
    ['8 minutes read', 8],
    ['3min', 3],
    ['10 Min Read', 10],
  ])('reads %p as %p minutes', (input, minutes) => {
    expect(parseReadTime(input)).toBe(minutes);
  });

  it.each([0, -3, Number.NaN, Infinity, 601, '', 'soon', '5 hours', '1e3', null, undefined, true, {}, [5]])(
    'refuses %p',
    (input) => {
      expect(parseReadTime(input)).toBeNull();
    },
  );

  it('formats whole minutes for public pages', () => {
    expect(formatReadTime(6)).toBe('6 min read');
  });
});

describe('estimateReadTime', () => {
  const words = (count: number): string => Array.from({ length: count }, (_, i) => `word${i}`).join(' ');

  it('reads 200 words a minute, rounding to whole minutes and never below one', () => {
    expect(estimateReadTime(words(170))).toBe(1);
    expect(estimateReadTime(words(200))).toBe(1);
    expect(estimateReadTime(words(299))).toBe(1);
    expect(estimateReadTime(words(300))).toBe(2);
    expect(estimateReadTime(words(1_200))).toBe(6);
    expect(estimateReadTime('')).toBe(1);
  });

  it('counts the words a reader sees, not markup, link addresses or images', () => {
    const text = '**Bold** words and [a link](https://example.com/a/very/long/address) ![A chart](/media/0123456789abcdef01234567-1200x600/1200.jpg) - end';
    expect(estimateReadTime(text)).toBe(1);
    expect(countReadableWords(text)).toBe(6);
  });

  it("keeps staff's override and computes otherwise", () => {
    expect(readTimeFor(words(1_200), 3)).toBe(3);
    expect(readTimeFor(words(1_200), null)).toBe(6);
    expect(readTimeFor(words(1_200), undefined)).toBe(6);
  });
});
