import { z } from 'zod';
import { SimPromptError } from '../simulated-answers.js';
import { citedSources, type SimulatedSearch } from '../simulated-search.js';
import { openAiProtocol } from './openai-protocol.js';
import { estimateTokens, parseWith, promptTokens, REFUSAL_TEXT, sentenceSeparator, type ParsedModelRequest, type ProviderProtocol, type SimReply } from './provider-protocol.js';

/** The Sonar fields read beside OpenAI's chat completion request. */
const sonarFieldsSchema = z.looseObject({
  disable_search: z.boolean().nullish(),
  max_tokens: z.number().int().positive().nullish(),
});

/** A fixed date for the search results: the simulator's pages have no real publication date. */
const RESULT_DATE = '2026-01-01';

/**
 * The answer text with Perplexity's markers: "[n]" after each citing sentence, n the 1-based index
 * into the answer's `citations` (the cited pages in order of first citation).
 */
function markedText(search: SimulatedSearch): string {
  const cited = citedSources(search).map((source) => source.url);
  let text = '';
  search.paragraphs.forEach((sentences, paragraph) =>
    sentences.forEach((sentence, index) => {
      text += sentenceSeparator(paragraph, index) + sentence.text;
      for (const at of sentence.cites) text += `[${cited.indexOf(search.sources[at]!.url) + 1}]`;
    }),
  );
  return text;
}

/**
 * Perplexity's Sonar API (its OpenAI-compatible chat completions endpoint): every answer searches
 * the web unless `disable_search` is set, and carries beside OpenAI's fields `citations` (the cited
 * addresses, which the text's "[n]" markers index) and `search_results` (every page read, with
 * title, url and date); usage counts the searches (`num_search_queries`).
 */
export const perplexityProtocol: ProviderProtocol = {
  parseRequest(body, pathModel): ParsedModelRequest {
    const parsed = openAiProtocol.parseRequest(body, pathModel);
    const sonar = parseWith(sonarFieldsSchema, body, 'Sonar request');
    if (sonar.disable_search === true && (body as { web_search_options?: unknown }).web_search_options !== undefined) {
      throw new SimPromptError('web_search_options has no effect with disable_search: true');
    }
    return {
      ...parsed,
      ...(sonar.max_tokens ? { maxOutputTokens: sonar.max_tokens } : {}),
      ...(sonar.disable_search === true ? {} : { webSearch: {} }),
    };
  },

  answerBody(request, reply: SimReply, id) {
    const search = reply.search;
    const failed = reply.ending === 'search-error';
    const refused = reply.ending === 'refused';
    const reasoningOnly = reply.ending === 'reasoning-only';
    const cites = search !== undefined && !failed && !refused;
    const content = refused ? REFUSAL_TEXT : reasoningOnly ? '' : cites ? markedText(search) : reply.text;
    const inputTokens = promptTokens(request.prompt);
    const outputTokens = estimateTokens(content);
    const finish = refused ? 'content_filter' : reply.ending === 'cut-off' || reasoningOnly ? 'length' : 'stop';
    return {
      id,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: finish }],
      citations: cites ? citedSources(search).map((source) => source.url) : [],
      search_results: search && !failed ? search.sources.map((source) => ({ title: source.title, url: source.url, date: RESULT_DATE })) : [],
      usage: {
        prompt_tokens: inputTokens,
        completion_tokens: outputTokens,
        total_tokens: inputTokens + outputTokens,
        num_search_queries: search && !failed ? search.queries.length : 0,
      },
    };
  },

  errorBody: (status, message) => openAiProtocol.errorBody(status, message),
};
