import { describe, expect, it } from '@jest/globals';
import { firstMention } from '../src/audit-report.js';
import { visibilityScore, wholeWordPattern } from '../src/audit-visibility.js';

const mentions = (name: string, text: string): number => text.match(wholeWordPattern(name))?.length ?? 0;

describe('whole-word brand matching', () => {
  // [why, brand, text, whole-word mentions]
  const cases: [string, string, string, number][] = [
    ['any case', 'Corvel', 'corvel, Corvel! (CORVEL)', 3],
    ['whole words only', 'Corvel', 'Corvelle CorvelX xCorvel Corvel2 Corvel_ba', 0],
    ['a hyphen ends a word', 'Ace', 'Ace-branded, ace. Acetone, face', 2],
    ['an ampersand is literal', 'M&S', 'I shop at M&S and m&s food.', 2],
    ['a dot is literal', 'Dr. Oetker', 'Dr. Oetker pizza beats Dr Oetker and DrX Oetker.', 1],
    ['plus signs are literal', 'C++ Labs', 'C++ Labs, c++ labs; C+ Labs', 2],
    ['brackets are literal', '(Brand)', '(Brand) and Brand', 1],
    ['a dot is not a wildcard', 'a.b', 'axb a.b', 1],
    ['a dollar is literal', 'Price$', 'Price$ and Prices', 1],
    ['straight and curly apostrophes match', "L'Oréal", "L’Oréal and L'ORÉAL and l'oréal; LOréal", 3],
    ['an apostrophe ends a word', 'Oréal', "L'Oréal", 1],
    ['accented letters belong to the word', 'Nestlé', 'Nestlés Nestlé', 1],
    ['other scripts', 'Ёлка', 'купите ёлка сегодня, ёлкаа', 1],
    ['umlauts in any case', 'Müller', 'Müllerei Müller MÜLLER', 2],
    ['any whitespace between words', 'Northwind Pantry', 'Northwind  Pantry and Northwind\nPantry, NorthwindPantry', 2],
  ];
  it.each(cases)('%s: %s in %j', (_why, brand, text, expected) => {
    expect(mentions(brand, text)).toBe(expected);
  });

  it('compares composed and decomposed accents alike', () => {
    expect(firstMention('Nestle\u0301 is big', ['Nestlé'])).toBe(0);
    expect(firstMention('Nestlé is big', ['Nestle\u0301'])).toBe(0);
  });
});

describe('visibilityScore', () => {
  it('is mentions ÷ responding models × 100, rounded and capped at 100', () => {
    expect(visibilityScore(1, 3)).toBe(33);
    expect(visibilityScore(2, 3)).toBe(67);
    expect(visibilityScore(4, 4)).toBe(100);
    expect(visibilityScore(5, 4)).toBe(100);
    expect(visibilityScore(0, 4)).toBe(0);
    expect(visibilityScore(3, 0)).toBe(0);
  });
});
