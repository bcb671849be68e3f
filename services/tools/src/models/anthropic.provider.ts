import Anthropic from '@anthropic-ai/sdk';
import type { ProviderSettings } from '../config/tools-config.js';
import { CitationList, count, distinctStrings, SEARCH_FIRST, type GroundedAnswer, type SearchRequest } from './grounded-answer.js';
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
   * forces client tools is not one we rely on for a server tool.
   */
  async search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const message = await this.client.messages.create(
      {
        model: this.settings.model,
        max_tokens: request.maxOutputTokens,
        system: `${request.system} ${SEARCH_FIRST}`,
        messages: [{ role: 'user', content: request.query }],
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
    return groundedMessage(message);
  }
}

/**
 * The answer of a message that may hold web searches: its text blocks after the last search
 * result (what comes before is Claude announcing its searches), each followed by the marks of
 * its web_search_result_location citations.
 */
export function groundedMessage(message: Anthropic.Message): GroundedAnswer {
  const blocks: unknown[] = Array.isArray(message.content) ? message.content : [];
  const typeOf = (block: unknown): unknown => (block && typeof block === 'object' ? (block as { type?: unknown }).type : undefined);
  const searchCalls = blocks.filter((block) => typeOf(block) === 'server_tool_use' && (block as { name?: unknown }).name === 'web_search');
  const lastResult = blocks.findLastIndex((block) => typeOf(block) === 'web_search_tool_result');
  const afterSearches = blocks.slice(lastResult + 1).filter((block) => typeOf(block) === 'text');
  const answerBlocks = afterSearches.length > 0 ? afterSearches : blocks.filter((block) => typeOf(block) === 'text');
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
  if (text.trim() === '') throw new SyntaxError('empty answer');
  const queries = searchCalls.map((call) => {
    const input: unknown = (call as { input?: unknown }).input;
    return input && typeof input === 'object' ? (input as { query?: unknown }).query : undefined;
  });
  const billed = message.usage?.server_tool_use?.web_search_requests;
  return {
    text,
    citations: list.citations,
    searchQueries: distinctStrings(queries),
    searched: searchCalls.length > 0 || count(billed) > 0,
    usage: {
      inputTokens: count(message.usage?.input_tokens, message.usage?.cache_read_input_tokens, message.usage?.cache_creation_input_tokens),
      outputTokens: count(message.usage?.output_tokens),
      searches: billed === undefined || billed === null ? searchCalls.length : count(billed),
    },
  };
}
