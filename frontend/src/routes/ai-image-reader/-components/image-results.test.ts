import { describe, expect, it } from 'vitest';
import { applyToolProgress, initialToolProgress } from '../../../api/tool-progress-state';
import { imageModelCards } from './image-results';

describe('imageModelCards', () => {
  it('turns each card from waiting to its findings or failure as the progress arrives', () => {
    let progress = initialToolProgress();
    expect(Object.values(imageModelCards(undefined, progress)).map((card) => card.kind)).toEqual(['waiting', 'waiting', 'waiting', 'waiting']);

    progress = applyToolProgress(progress, { type: 'model', provider: 'anthropic', status: 'answered', answer: '["A","B","C","D"]' });
    progress = applyToolProgress(progress, { type: 'model', provider: 'xai', status: 'failed', message: 'Grok had a server error (500).' });
    const cards = imageModelCards(undefined, progress);
    expect(cards.openai).toEqual({ kind: 'waiting' });
    expect(cards.anthropic).toEqual({ kind: 'findings', findings: ['A', 'B', 'C'] });
    expect(cards.xai).toEqual({ kind: 'failed', message: 'Grok had a server error (500).' });
  });

  it('takes every card from the answer once it is there, keyed as the answer names them', () => {
    const answer = {
      openai: '["One"]',
      anthropic: '["Two"]',
      gemini: 'Service unavailable: this model is not configured.',
      grok: '{}',
      readings: {},
      mainImageChecks: [],
      altText: '',
    };
    const cards = imageModelCards(answer, initialToolProgress());
    expect(cards.openai).toEqual({ kind: 'findings', findings: ['One'] });
    expect(cards.gemini.kind).toBe('unavailable');
    expect(cards.xai.kind).toBe('placeholder');
  });
});
