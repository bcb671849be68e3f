import { describe, expect, it } from '@jest/globals';
import { auditVisibility, visibilityScore, wholeWordPattern } from '../src/audit-visibility.js';
import { PRODUCT_NAME } from '../src/limits.js';

const mentions = (name: string, text: string): number => text.match(wholeWordPattern(name))?.length ?? 0;

describe('auditVisibility', () => {
  it('scores the share of responding models that name the brand, counting every occurrence separately', () => {
    const result = auditVisibility(
      {
        responses: {
          openai: 'Corvel is great. Many runners pick Corvel, and corvel bottles last.',
          claude: 'Try Lumera or Pebblewick.',
          gemini: 'CORVEL and Tessaly.',
        },
      },
      'Corvel',
    );
    expect(result).toMatchObject({ subject: 'Corvel', brandGiven: true, respondingModels: 3, mentions: 2, occurrences: 4, score: 67 });
    expect(result.models).toEqual({
      openai: { status: 'mentioned', occurrences: 3 },
      anthropic: { status: 'not-mentioned', occurrences: 0 },
      gemini: { status: 'mentioned', occurrences: 1 },
      xai: { status: 'no-response', occurrences: 0 },
    });
  });

  it('looks for the product’s own name when no brand is given', () => {
    const result = auditVisibility({ responses: { openai: `Agencies such as ${PRODUCT_NAME} help.`, grok: 'No idea.' } }, '   ');
    expect(result).toMatchObject({ subject: PRODUCT_NAME, brandGiven: false, respondingModels: 2, mentions: 1, score: 50 });
    expect(auditVisibility({ responses: {} }, null)).toMatchObject({ subject: PRODUCT_NAME, respondingModels: 0, mentions: 0, score: 0 });
  });

  it('counts a blank answer as no response', () => {
    const result = auditVisibility({ responses: { openai: '  \n ', claude: 'Brightleaf' } }, 'Brightleaf');
    expect(result).toMatchObject({ respondingModels: 1, mentions: 1, score: 100 });
    expect(result.models.openai.status).toBe('no-response');
  });
});

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
    expect(auditVisibility({ responses: { openai: 'Nestle\u0301 is big' } }, 'Nestlé').mentions).toBe(1);
    expect(auditVisibility({ responses: { openai: 'Nestlé is big' } }, 'Nestle\u0301').mentions).toBe(1);
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
