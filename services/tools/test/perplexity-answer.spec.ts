import { describe, expect, it } from '@jest/globals';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { checkGroundedAnswer } from '../src/audit/audit.handler.js';
import { sonarAnswer } from '../src/models/perplexity.provider.js';

/** A Sonar answer as its API documents it: OpenAI's completion plus citations and search_results. */
function completion(content: string, extra: Record<string, unknown> = {}, finish: string = 'stop'): ChatCompletion {
  return {
    id: 'c1',
    object: 'chat.completion',
    created: 0,
    model: 'sonar',
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, finish_reason: finish, logprobs: null }],
    usage: { prompt_tokens: 12, completion_tokens: 30, total_tokens: 42, num_search_queries: 2 },
    citations: ['https://www.runnersmag.example/best', 'https://volta.example/shop'],
    search_results: [
      { title: 'Best electrolyte powders', url: 'https://www.runnersmag.example/best', date: '2026-01-01' },
      { title: 'Volta shop', url: 'https://volta.example/shop' },
      { title: 'Trail forum', url: 'https://forum.trail.example/t/1' },
    ],
    ...extra,
  } as unknown as ChatCompletion;
}

describe('a Perplexity (Sonar) answer', () => {
  it('turns its [n] markers into the cited pages, and keeps every search result as a page read', () => {
    const answer = checkGroundedAnswer(sonarAnswer(completion('Volta leads the round-ups[1][2]. Check prices first[1].')));
    expect(answer.text).toBe('Volta leads the round-ups [1][2]. Check prices first [1].');
    expect(answer.citations).toEqual([
      { url: 'https://www.runnersmag.example/best', title: 'Best electrolyte powders' },
      { url: 'https://volta.example/shop', title: 'Volta shop' },
    ]);
    expect(answer.retrieved).toEqual(['https://www.runnersmag.example/best', 'https://volta.example/shop', 'https://forum.trail.example/t/1']);
    expect(answer).toMatchObject({ grounded: true, ending: 'complete', model: 'sonar', usage: { inputTokens: 12, outputTokens: 30, searches: 2 } });
  });

  it('leaves a marker past its citations as plain text, and reads finish_reason length as cut off', () => {
    const answer = sonarAnswer(completion('Pacer is popular[7].', {}, 'length'));
    expect(answer.ending).toBe('cut-off');
    expect(checkGroundedAnswer(answer).text).toBe('Pacer is popular(7).');
  });

  it('without search results answered from the model alone', () => {
    const answer = sonarAnswer(completion('From memory: Volta.', { citations: [], search_results: [], usage: { prompt_tokens: 1, completion_tokens: 1 } }));
    expect(answer).toMatchObject({ searched: false, citations: [], retrieved: [], usage: { searches: 0 } });
  });
});
