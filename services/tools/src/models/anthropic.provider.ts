import Anthropic from '@anthropic-ai/sdk';
import type { ProviderSettings } from '../config/tools-config.js';
import { CitationList, citableUrl, count, distinctStrings, retryingCutOff, SEARCH_FIRST, type GroundedAnswer, type SearchRequest } from './grounded-answer.js';
import { instructionsWithSchema, type ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { sdkFetch } from './sdk-fetch.js';

/** Claude through @anthropic-ai/sdk. */
export class AnthropicProvider implements ModelProvider {
  readonly id = 'anthropic' as const;
  readonly label = MODEL_PROVIDER_LABELS.anthropic;
  readonly configured: boolean;
  private readonly client: Anthropic | undefined;

  constructor(
    private readonly settings: ProviderSettings,
    deadlineMs: number,
  ) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new Anthropic({
        apiKey: settings.apiKey,
        ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
        timeout: deadlineMs,
        maxRetries: 0,
        fetch: sdkFetch,
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const content: Anthropic.ContentBlockParam[] = [];
    if (request.image) {
      content.push({ type: 'image', source: { type: 'base64', media_type: request.image.mimeType, data: request.image.base64 } });
    }
    content.push({ type: 'text', text: request.user });
    const message = await this.client.messages.create(
      {
        model: this.settings.model,
        max_tokens: request.maxOutputTokens,
        system: instructionsWithSchema(request),
        messages: [{ role: 'user', content }],
      },
      { signal },
    );
    const text = message.content
      .map((block) => (block.type === 'text' ? block.text : ''))
      .join('')
      .trim();
    if (!text) throw new SyntaxError('empty answer');
    return text;
  }

  /**
   * The Messages API with the web search server tool, searches bounded by max_uses, from an
   * approximate UK location. Claude is asked to search in its instructions: the tool_choice that
   * forces client tools is not one we rely on for a server tool. A turn Claude pauses (pause_turn)
   * is sent back as it stands so that Claude carries on, at most MAX_CONTINUATIONS times; a
   * cut-off answer is asked again once with a larger budget.
   */
  async search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer> {
    const client = this.client;
    if (!client) throw new Error(`${this.label} has no API key`);
    return retryingCutOff(request, signal, async (maxTokens) => {
      const ask = (messages: Anthropic.MessageParam[]): Promise<Anthropic.Message> =>
        client.messages.create(
          {
            model: this.settings.model,
            max_tokens: maxTokens,
            system: `${request.system} ${SEARCH_FIRST}`,
            messages,
            tools: [
              {
                type: 'web_search_20250305',
                name: 'web_search',
                max_uses: request.maxSearches,
                user_location: { type: 'approximate', country: 'GB', timezone: 'Europe/London' },
              },
            ],
          },
          { signal },
        );
      const question: Anthropic.MessageParam = { role: 'user', content: request.query };
      let message = await ask([question]);
      for (let turn = 0; turn < MAX_CONTINUATIONS && message.stop_reason === 'pause_turn' && !signal.aborted; turn++) {
        // The paused content goes back as the assistant's turn, exactly as received.
        const next = await ask([question, { role: 'assistant', content: message.content as Anthropic.ContentBlockParam[] }]);
        message = continuedMessage(message, next);
      }
      return groundedMessage(message);
    });
  }
}

/** How many times a paused turn is continued before what there is counts as cut off. */
export const MAX_CONTINUATIONS = 3;

/** A paused message and its continuation as one message: the content of both, the usage of both, the later ending. */
export function continuedMessage(paused: Anthropic.Message, next: Anthropic.Message): Anthropic.Message {
  const add = (a: number | null | undefined, b: number | null | undefined): number => count(a) + count(b);
  return {
    ...next,
    content: [...paused.content, ...next.content],
    usage: {
      ...next.usage,
      input_tokens: add(paused.usage.input_tokens, next.usage.input_tokens),
      output_tokens: add(paused.usage.output_tokens, next.usage.output_tokens),
      cache_read_input_tokens: add(paused.usage.cache_read_input_tokens, next.usage.cache_read_input_tokens),
      cache_creation_input_tokens: add(paused.usage.cache_creation_input_tokens, next.usage.cache_creation_input_tokens),
      server_tool_use: {
        web_search_requests: add(paused.usage.server_tool_use?.web_search_requests, next.usage.server_tool_use?.web_search_requests),
        web_fetch_requests: add(paused.usage.server_tool_use?.web_fetch_requests, next.usage.server_tool_use?.web_fetch_requests),
      },
    },
  };
}

const CUT_OFF_STOPS: readonly unknown[] = ['max_tokens', 'model_context_window_exceeded', 'pause_turn'];

/**
 * The answer of a message that may hold web searches: every text block from the first search
 * result on, in order (before it Claude only announces its searches; between two searches it may
 * already name brands), each followed by the marks of its web_search_result_location citations.
 * It searched when a search returned results (a web_search_tool_result_error is no result); the
 * searches are those Anthropic bills. A turn still paused counts as cut off.
 */
export function groundedMessage(message: Anthropic.Message): GroundedAnswer {
  const blocks: unknown[] = Array.isArray(message.content) ? message.content : [];
  const typeOf = (block: unknown): unknown => (block && typeof block === 'object' ? (block as { type?: unknown }).type : undefined);
  const searchCalls = blocks.filter((block) => typeOf(block) === 'server_tool_use' && (block as { name?: unknown }).name === 'web_search');
  const results = blocks.filter((block) => typeOf(block) === 'web_search_tool_result');
  // A web_search_tool_result_error, or an empty list, is a search that returned nothing.
  const found = results.filter((block) => {
    const content: unknown = (block as { content?: unknown }).content;
    return Array.isArray(content) ? content.length > 0 : typeOf(content) !== 'web_search_tool_result_error';
  });
  const firstResult = blocks.findIndex((block) => typeOf(block) === 'web_search_tool_result');
  const afterSearches = blocks.slice(firstResult + 1).filter((block) => typeOf(block) === 'text');
  const answerBlocks = firstResult >= 0 && afterSearches.length > 0 ? afterSearches : blocks.filter((block) => typeOf(block) === 'text');
  const list = new CitationList();
  let text = '';
  for (const block of answerBlocks) {
    const { text: words, citations } = block as { text?: unknown; citations?: unknown };
    if (typeof words !== 'string') continue;
    const sources = (Array.isArray(citations) ? (citations as unknown[]) : [])
      .filter((citation) => typeOf(citation) === 'web_search_result_location')
      .map((citation) => {
        const { url, title, cited_text: citedText } = citation as Record<string, unknown>;
        return { url, title, citedText };
      });
    text += words + list.marks(sources);
  }
  const ending = message.stop_reason === 'refusal' ? 'refused' : CUT_OFF_STOPS.includes(message.stop_reason) ? 'cut-off' : 'complete';
  if (text.trim() === '' && ending === 'complete') throw new SyntaxError('empty answer');
  const queries = searchCalls.map((call) => {
    const input: unknown = (call as { input?: unknown }).input;
    return input && typeof input === 'object' ? (input as { query?: unknown }).query : undefined;
  });
  // Every search result is a page Claude read; the citations say which ones the text rests on.
  const retrieved = [
    ...new Set(
      found.flatMap((block) => {
        const content: unknown = (block as { content?: unknown }).content;
        return (Array.isArray(content) ? (content as unknown[]) : []).flatMap((result) => {
          const url = citableUrl(result && typeof result === 'object' ? (result as { url?: unknown }).url : undefined);
          return url === undefined ? [] : [url];
        });
      }),
    ),
  ];
  const billed = message.usage?.server_tool_use?.web_search_requests;
  return {
    text,
    citations: list.citations,
    searchQueries: distinctStrings(queries),
    ...(results.length > 0 ? { retrieved } : {}),
    searched: found.length > 0,
    usage: {
      inputTokens: count(message.usage?.input_tokens, message.usage?.cache_read_input_tokens, message.usage?.cache_creation_input_tokens),
      outputTokens: count(message.usage?.output_tokens),
      searches: billed === undefined || billed === null ? found.length : count(billed),
    },
    ending,
    ...(typeof message.model === 'string' && message.model !== '' ? { model: message.model } : {}),
  };
}
