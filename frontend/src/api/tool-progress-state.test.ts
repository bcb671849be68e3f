import { isToolRequestId } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { applyToolProgress, initialToolProgress, parseToolProgressEvent } from './tool-progress-state';
import { newToolRequestId } from './tool-request';

describe('tool progress state', () => {
  it('starts with every model waiting and every stage pending', () => {
    const state = initialToolProgress();
    expect(state.phase).toBe('queued');
    expect(Object.values(state.models).map((model) => model.status)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);
    expect(Object.values(state.stages).map((stage) => stage.status)).toEqual(['pending', 'pending', 'pending']);
  });

  it('moves each model on as its event arrives, leaving the others waiting', () => {
    let state = applyToolProgress(initialToolProgress(), { type: 'started', tool: 'audit' });
    state = applyToolProgress(state, { type: 'model', provider: 'gemini', status: 'answered', answer: 'Try Corvel.' });
    state = applyToolProgress(state, { type: 'model', provider: 'anthropic', status: 'failed', message: 'Claude had a server error (500).' });
    expect(state.phase).toBe('running');
    expect(state.models.gemini).toEqual({ status: 'answered', answer: 'Try Corvel.' });
    expect(state.models.anthropic).toEqual({ status: 'failed', message: 'Claude had a server error (500).' });
    expect(state.models.openai.status).toBe('waiting');
    state = applyToolProgress(state, { type: 'done', outcome: 'completed' });
    expect(state).toMatchObject({ phase: 'done', outcome: 'completed' });
  });

  it("keeps an audit model's citations, searches and whether it searched", () => {
    const citations = [{ url: 'https://corvel.example/', title: 'Corvel' }];
    const state = applyToolProgress(initialToolProgress(), {
      type: 'model',
      provider: 'openai',
      status: 'answered',
      answer: 'Try Corvel. [1]',
      citations,
      searchQueries: ['corvel reviews'],
      grounded: true,
    });
    expect(state.models.openai).toEqual({ status: 'answered', answer: 'Try Corvel. [1]', citations, searchQueries: ['corvel reviews'], grounded: true });
  });

  it('tracks the semantic expansion stages and a failed outcome', () => {
    let state = applyToolProgress(initialToolProgress(), { type: 'stage', stage: 'reading-website', status: 'running' });
    state = applyToolProgress(state, { type: 'stage', stage: 'reading-website', status: 'finished', message: '4 pages read' });
    state = applyToolProgress(state, { type: 'done', outcome: 'failed', message: 'The query generator is unavailable right now.' });
    expect(state.stages['reading-website']).toEqual({ status: 'finished', message: '4 pages read' });
    expect(state.stages['generating-queries'].status).toBe('pending');
    expect(state).toMatchObject({ phase: 'done', outcome: 'failed', outcomeMessage: 'The query generator is unavailable right now.' });
  });

  it('ignores messages that are not events', () => {
    expect(parseToolProgressEvent('not json')).toBeUndefined();
    expect(parseToolProgressEvent('{"no":"type"}')).toBeUndefined();
    expect(parseToolProgressEvent('{"type":"done","outcome":"completed"}')).toEqual({ type: 'done', outcome: 'completed' });
  });
});

describe('newToolRequestId', () => {
  it('makes distinct UUID v4 ids the service accepts, with or without crypto.randomUUID', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newToolRequestId()));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(isToolRequestId(id)).toBe(true);
    // As on a plain-HTTP address, where crypto.randomUUID does not exist.
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      expect(isToolRequestId(newToolRequestId())).toBe(true);
    } finally {
      Reflect.deleteProperty(crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });
});
