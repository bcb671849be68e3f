import { auditVisibility, PRODUCT_NAME, type AuditAnswer } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { visibilityAdvice } from './audit-advice';
import { mentionSegments } from './audit-mentions';
import { cardFromAnswer, cardFromProgress, UNAVAILABLE_TEXT } from './audit-model-states';

const answer = (responses: AuditAnswer['responses'], errors: AuditAnswer['errors'] = {}): AuditAnswer => ({
  query: 'q',
  responses,
  errors,
  citations: {},
  searchQueries: {},
  grounded: {},
  endings: {},
  models: {},
  endingCounts: {},
  searchSuggestions: {},
  runs: 1,
  runAnswers: {},
  brands: [],
  visibility: null,
  reportId: 'AAAAAAAAAAAAAAAAAAAAAA',
  reportUrl: '/ai-search-audit/report/AAAAAAAAAAAAAAAAAAAAAA',
});

describe('visibility advice', () => {
  it('differs when no responding model mentions the brand', () => {
    const none = visibilityAdvice(auditVisibility(answer({ openai: 'Try Lumera.', claude: 'Try Tessaly.' }), 'Corvel'));
    const some = visibilityAdvice(auditVisibility(answer({ openai: 'Try Corvel.', claude: 'Try Tessaly.' }), 'Corvel'));
    const all = visibilityAdvice(auditVisibility(answer({ openai: 'Try Corvel.', claude: 'corvel is good' }), 'Corvel'));
    expect(none).toMatch(/^None of the models that answered mentioned Corvel\./);
    expect(some).toMatch(/^Corvel appears in 1 of 2 answers\./);
    expect(all).toMatch(/^Every model that answered mentioned Corvel\./);
    expect(new Set([none, some, all]).size).toBe(3);
  });

  it('says there is no score yet when no model answered', () => {
    expect(visibilityAdvice(auditVisibility(answer({}, { openai: 'ChatGPT had a server error (500).' }), 'Corvel'))).toMatch(
      /^None of the models answered this time/,
    );
  });

  it('asks for the visitor’s brand when the score was about our own name', () => {
    const advice = visibilityAdvice(auditVisibility(answer({ openai: 'Try Lumera.' }), ''));
    expect(advice).toContain(`mentioned ${PRODUCT_NAME}`);
    expect(advice).toContain('Add your brand name');
    expect(visibilityAdvice(auditVisibility(answer({ openai: 'Try Lumera.' }), 'Corvel'))).not.toContain('Add your brand name');
  });
});

describe('model card states', () => {
  it('shows an error first, then a response as Active, else Unavailable', () => {
    const result = answer({ openai: 'An answer', claude: 'Also an answer', gemini: '  ' }, { claude: 'Claude had a server error (500).' });
    expect(cardFromAnswer(result, 'openai')).toEqual({ kind: 'active', answer: 'An answer', citations: [], searchQueries: [] });
    expect(cardFromAnswer(result, 'anthropic')).toEqual({ kind: 'error', message: 'Claude had a server error (500).' });
    expect(cardFromAnswer(result, 'gemini')).toEqual({ kind: 'unavailable' });
    expect(cardFromAnswer(result, 'xai')).toEqual({ kind: 'unavailable' });
    expect(UNAVAILABLE_TEXT).toBe('Service temporarily unavailable');
  });

  it('follows the live progress of each model', () => {
    expect(cardFromProgress({ status: 'waiting' })).toEqual({ kind: 'waiting' });
    expect(cardFromProgress({ status: 'answered', answer: 'Hi' })).toEqual({ kind: 'active', answer: 'Hi', citations: [], searchQueries: [] });
    const citations = [{ url: 'https://corvel.example/', title: 'Corvel' }];
    expect(cardFromProgress({ status: 'answered', answer: 'Hi [1]', citations, searchQueries: ['corvel'], grounded: true })).toEqual({
      kind: 'active',
      answer: 'Hi [1]',
      citations,
      searchQueries: ['corvel'],
      grounded: true,
    });
    expect(cardFromProgress({ status: 'failed', message: 'Grok could not be reached.' })).toEqual({ kind: 'error', message: 'Grok could not be reached.' });
    expect(cardFromProgress({ status: 'unavailable' })).toEqual({ kind: 'unavailable' });
  });
});

describe('mention highlighting', () => {
  it('marks the same whole-word mentions the score counts, and keeps every other character', () => {
    const text = 'Corvel leads.\nCorvelle is different; corvel again (M&S too).';
    const segments = mentionSegments(text, [{ name: 'Corvel', own: true }]);
    expect(segments.filter((segment) => segment.mention).map((segment) => segment.text)).toEqual(['Corvel', 'corvel']);
    expect(segments.map((segment) => segment.text).join('')).toBe(text);
    expect(mentionSegments('Shop at M&S.', [{ name: 'M&S', own: false }])).toEqual([{ text: 'Shop at ' }, { text: 'M&S', mention: { own: false } }, { text: '.' }]);
  });

  it('marks every brand, the visitor’s apart, the longer name where two overlap, and not a name in a refusal', () => {
    const text = "Halden & Moss leads; Halden is cheaper. Lumera too. I couldn't find information about Brand X.";
    const segments = mentionSegments(text, [
      { name: 'Halden', own: false },
      { name: 'Halden & Moss', own: false },
      { name: 'Lumera', own: false },
      { name: 'Brand X', own: true },
      { name: 'Lumera', own: true },
    ]);
    expect(segments.filter((segment) => segment.mention).map((segment) => [segment.text, segment.mention!.own])).toEqual([
      ['Halden & Moss', false],
      ['Halden', false],
      ['Lumera', true],
    ]);
  });
});
