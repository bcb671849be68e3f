import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { searchAnswerText, simulatedAuditAnswer, simulatedAuditBrands, simulatedSearch, startModelSimulator, type RunningModelSimulator, type SimEnding } from '@agency/model-sim';
import { MODEL_PROVIDER_IDS, type ModelProviderId } from '@agency/shared';
import { checkGroundedAnswer } from '../src/audit/audit.handler.js';
import { AnthropicProvider } from '../src/models/anthropic.provider.js';
import { GeminiProvider, GEMINI_THINKING_BUDGET } from '../src/models/gemini.provider.js';
import { CUT_OFF_RETRY_FACTOR, type SearchRequest } from '../src/models/grounded-answer.js';
import type { ModelProvider } from '../src/models/model-provider.js';
import { OpenAiCompatibleProvider } from '../src/models/openai-compatible.provider.js';
import { classifyProviderError } from '../src/models/provider-error.js';

/**
 * Every way the simulator can end a web-search answer, in the shape each provider documents,
 * read by each provider's own parsing through its official SDK.
 */

const QUERY = 'best running shoes for flat feet';
const REQUEST: SearchRequest = { system: 'The person asking is a shopper in the UK.', query: QUERY, maxOutputTokens: 4000, maxSearches: 3 };
const MODELS: Record<ModelProviderId, string> = { openai: 'gpt-5.5', anthropic: 'claude-sonnet-5-5', gemini: 'gemini-3.5-flash', xai: 'grok-4.5' };

let sim: RunningModelSimulator;
beforeAll(async () => {
  sim = await startModelSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

function provider(id: ModelProviderId, model = MODELS[id]): ModelProvider {
  const settings = { apiKey: 'test-key', baseUrl: sim.baseUrls[id], model };
  switch (id) {
    case 'openai':
    case 'xai':
      return new OpenAiCompatibleProvider(id, settings, 10_000);
    case 'anthropic':
      return new AnthropicProvider(settings, 10_000);
    case 'gemini':
      return new GeminiProvider(settings);
  }
}

function search(id: ModelProviderId, ending?: SimEnding, model?: string) {
  if (ending) sim.setConfig({ [id]: { ending } });
  return provider(id, model).search(REQUEST, AbortSignal.timeout(10_000));
}

/** The output budget the provider's n-th request asked for. */
function budgetOf(id: ModelProviderId, body: unknown): number {
  const request = body as { max_output_tokens?: number; max_tokens?: number; generationConfig?: { maxOutputTokens?: number } };
  if (id === 'anthropic') return request.max_tokens!;
  if (id === 'gemini') return request.generationConfig!.maxOutputTokens! - GEMINI_THINKING_BUDGET;
  return request.max_output_tokens!;
}

describe.each(MODEL_PROVIDER_IDS)('%s answers', (id) => {
  it('complete: the whole answer, the model that answered, the searches that ran', async () => {
    const answer = await search(id);
    const expected = simulatedSearch(id, QUERY);
    expect(answer.ending).toBe('complete');
    expect(answer.model).toBe(MODELS[id]);
    expect(answer.searched).toBe(true);
    for (const brand of simulatedAuditBrands(id, QUERY)) expect(answer.text).toContain(brand);
    // OpenAI's open_page and find_in_page calls are not searches.
    expect(answer.usage.searches).toBe(expected.queries.length);
    expect(sim.recentRequests(id)).toHaveLength(1);
  });

  it('cut-off: asked again once with a larger budget, then kept and marked cut off', async () => {
    const answer = await search(id, 'cut-off');
    expect(answer.ending).toBe('cut-off');
    expect(answer.text.length).toBeGreaterThan(0);
    const [first, second, ...more] = sim.recentRequests(id);
    expect(more).toHaveLength(0);
    expect(budgetOf(id, second)).toBe(budgetOf(id, first) * CUT_OFF_RETRY_FACTOR);
    const checked = checkGroundedAnswer(answer);
    expect(checked.ending).toBe('cut-off');
    expect(searchAnswerText(simulatedSearch(id, QUERY)).startsWith(checked.text.replace(/\s*\[\d+\]/g, '').slice(0, 40))).toBe(true);
  });

  it('refused: a distinct outcome, not an unreadable answer', async () => {
    const answer = await search(id, 'refused');
    expect(answer.ending).toBe('refused');
    expect(checkGroundedAnswer(answer)).toMatchObject({ ending: 'refused', text: '' });
  });

  it('search-error: answered from memory, not "searched", no search billed', async () => {
    const answer = await search(id, 'search-error');
    expect(answer).toMatchObject({ ending: 'complete', searched: false, citations: [] });
    expect(answer.usage.searches).toBe(0);
    expect(answer.text).toBe(simulatedAuditAnswer(id, QUERY));
  });

  it('reasoning-only: retried, then a readable "ran out of room" failure rather than an unreadable answer', async () => {
    const answer = await search(id, 'reasoning-only');
    expect(answer).toMatchObject({ ending: 'cut-off', text: '' });
    expect(sim.recentRequests(id)).toHaveLength(2);
    let thrown: unknown;
    try {
      checkGroundedAnswer(answer);
    } catch (error) {
      thrown = error;
    }
    expect(classifyProviderError(thrown, 'Engine').message).toBe('Engine ran out of room before it could answer.');
  });
});

describe('Claude', () => {
  it('paused: the turn is sent back as it stands and the answer Claude continues with is the answer', async () => {
    const answer = await search('anthropic', 'paused');
    const [first, second] = sim.recentRequests('anthropic') as { messages: { role: string; content: unknown }[] }[];
    expect(first!.messages).toHaveLength(1);
    expect(second!.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(JSON.stringify(second!.messages[1]!.content)).toContain('server_tool_use');
    expect(answer.ending).toBe('complete');
    expect(answer.text).not.toMatch(/^I'll search/);
    for (const brand of simulatedAuditBrands('anthropic', QUERY)) expect(answer.text).toContain(brand);
    expect(answer.usage.searches).toBe(simulatedSearch('anthropic', QUERY).queries.length);
  });

  it('keeps the text written between two searches, and drops the announcement before the first', async () => {
    const answer = await search('anthropic');
    expect(answer.text).not.toContain("I'll search");
    expect(answer.text).toContain('Simulated Claude answer');
  });
});

describe('the requests', () => {
  it('force a search only where the model accepts tool_choice "required"', async () => {
    await search('openai', undefined, 'gpt-4o');
    expect(sim.lastRequest('openai')).toMatchObject({ tool_choice: 'required' });
    await search('openai', undefined, 'gpt-5.5');
    const current = sim.lastRequest('openai') as Record<string, unknown>;
    expect(current.tool_choice).toBeUndefined();
    expect(String(current.instructions)).toContain('Search the web before you answer.');
  });

  it("send xAI no `include` value its reference does not list", async () => {
    await search('xai');
    expect(sim.lastRequest('xai')).not.toHaveProperty('include');
  });

  it("set Gemini's thinking budget explicitly, and keep Google's Search Suggestions", async () => {
    const answer = await search('gemini');
    expect(sim.lastRequest('gemini')).toMatchObject({ generationConfig: { thinkingConfig: { thinkingBudget: GEMINI_THINKING_BUDGET } } });
    expect(answer.searchSuggestions).toContain('class="chip"');
  });
});
