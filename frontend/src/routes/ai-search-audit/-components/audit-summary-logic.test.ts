import { storedInsightFields, type AuditAnswer } from '@agency/shared';
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
  ...storedInsightFields(undefined, { askedAt: '2026-01-01T00:00:00.000Z', location: 'United Kingdom', language: 'en-GB', runs: 1, models: {} }),
  endings: {},
  models: {},
  endingCounts: {},
  searchSuggestions: {},
  runs: 1,
  runAnswers: {},
  brands: [],
  visibility: null,
  competitorVisibility: [],
  reportId: 'AAAAAAAAAAAAAAAAAAAAAA',
  reportUrl: '/ai-search-audit/report/AAAAAAAAAAAAAAAAAAAAAA',
});

describe('visibility advice', () => {
  it('differs when no answer mentions the brand, reading the stored counts across every answer', () => {
    const none = visibilityAdvice('Corvel', { mentionedIn: 0, answers: 12 });
    const some = visibilityAdvice('Corvel', { mentionedIn: 7, answers: 12 });
    const all = visibilityAdvice('Corvel', { mentionedIn: 12, answers: 12 });
    expect(none).toMatch(/^None of the answers mentioned Corvel\./);
    expect(some).toMatch(/^Corvel appears in 7 of 12 answers\./);
    expect(all).toMatch(/^Every answer mentioned Corvel\./);
    expect(new Set([none, some, all]).size).toBe(3);
  });

  it('says there is no score yet when no model answered', () => {
    expect(visibilityAdvice('Corvel', { mentionedIn: 0, answers: 0 })).toMatch(/^None of the models answered this time/);
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
