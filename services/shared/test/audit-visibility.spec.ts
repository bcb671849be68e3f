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
  it('matches whole words only, in any case', () => {
    expect(mentions('Corvel', 'corvel, Corvel! (CORVEL)')).toBe(3);
    expect(mentions('Corvel', 'Corvelle CorvelX xCorvel Corvel2 Corvel_ba')).toBe(0);
    expect(mentions('Ace', 'Ace-branded, ace. Acetone, face')).toBe(2);
  });

  it('treats regex characters in a brand literally', () => {
    expect(mentions('M&S', 'I shop at M&S and m&s food.')).toBe(2);
    expect(mentions('Dr. Oetker', 'Dr. Oetker pizza beats Dr Oetker and DrX Oetker.')).toBe(1);
    expect(mentions('C++ Labs', 'C++ Labs, c++ labs; C+ Labs')).toBe(2);
    expect(mentions('(Brand)', '(Brand) and Brand')).toBe(1);
    expect(mentions('a.b', 'axb a.b')).toBe(1);
    expect(mentions('Price$', 'Price$ and Prices')).toBe(1);
  });

  it('handles accents, other scripts and curly apostrophes', () => {
    expect(mentions("L'Oréal", 'L’Oréal and L\'ORÉAL and l\'oréal; LOréal')).toBe(3);
    expect(mentions('Oréal', "L'Oréal")).toBe(1);
    expect(mentions('Nestlé', 'Nestlés Nestlé')).toBe(1);
    // é written as e + combining accent is the same word once both are in NFC form.
    expect(auditVisibility({ responses: { openai: 'Nestle\u0301 is big' } }, 'Nestlé').mentions).toBe(1);
    expect(auditVisibility({ responses: { openai: 'Nestlé is big' } }, 'Nestle\u0301').mentions).toBe(1);
    expect(mentions('Ёлка', 'купите ёлка сегодня, ёлкаа')).toBe(1);
    expect(mentions('Müller', 'Müllerei Müller MÜLLER')).toBe(2);
  });

  it('lets any whitespace separate the words of a brand', () => {
    expect(mentions('Northwind Pantry', 'Northwind  Pantry and Northwind\nPantry, NorthwindPantry')).toBe(2);
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
