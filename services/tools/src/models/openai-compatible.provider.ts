import OpenAI from 'openai';
import type { ChatCompletionContentPart, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { Response as ResponsesAnswer, ResponseCreateParamsNonStreaming } from 'openai/resources/responses/responses';
import type { ProviderSettings } from '../config/tools-config.js';
import type { ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { CitationList, citableUrl, count, distinctStrings, markSpans, retryingCutOff, SEARCH_FIRST, type CitedSpan, type GroundedAnswer, type SearchRequest } from './grounded-answer.js';
import { sdkFetch } from './sdk-fetch.js';

const XAI_BASE_URL = 'https://api.x.ai/v1';

/** An engine's own link in its text: "([site](url))" (OpenAI) or "[[1]](url)" (xAI). */
const LINK_SPAN = /^\(?\[[^\n]*\]\([^\s)]*\)\)?$/;
/** xAI's inline citation, for one its annotations do not cover. */
const XAI_INLINE_CITATION = /\[\[\d{1,3}\]\]\((https?:\/\/[^\s)]+)\)/g;

/** ChatGPT through the openai SDK, and Grok through the same SDK at xAI's OpenAI-compatible endpoint. */
export class OpenAiCompatibleProvider implements ModelProvider {
  readonly label: string;
  readonly configured: boolean;
  private readonly client: OpenAI | undefined;

  constructor(
    readonly id: 'openai' | 'xai',
    private readonly settings: ProviderSettings,
    deadlineMs: number,
  ) {
    this.label = MODEL_PROVIDER_LABELS[id];
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new OpenAI({
        apiKey: settings.apiKey,
        baseURL: settings.baseUrl ?? (id === 'xai' ? XAI_BASE_URL : 'https://api.openai.com/v1'),
        // The fleet owns deadlines and retries; the SDK's 10-minute timeout and 2 retries are off.
        timeout: deadlineMs,
        maxRetries: 0,
        fetch: sdkFetch,
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const userContent: string | ChatCompletionContentPart[] = request.image
      ? [
          { type: 'text', text: request.user },
          { type: 'image_url', image_url: { url: `data:${request.image.mimeType};base64,${request.image.base64}`, detail: 'auto' } },
        ]
      : request.user;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.settings.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: userContent },
      ],
      max_completion_tokens: request.maxOutputTokens,
    };
    if (request.json) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: request.json.name, schema: request.json.schema, strict: true },
      };
    }
    const completion = await this.client.chat.completions.create(body, { signal });
    const text = completion.choices[0]?.message?.content;
    if (typeof text !== 'string' || text.trim() === '') throw new SyntaxError('empty answer');
    return text;
  }

  /**
   * The Responses API with the web_search tool, from an approximate UK location for OpenAI (xAI's
   * web_search takes none). OpenAI is made to search (tool_choice required) where the model
   * accepts that; otherwise, and for Grok, the instructions ask for a search and the answer says
   * whether one ran. Reasoning models get low effort: the budget is for the answer. A cut-off
   * answer is asked again once with a larger budget.
   */
  async search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer> {
    const client = this.client;
    if (!client) throw new Error(`${this.label} has no API key`);
    const { model } = this.settings;
    const forced = this.id === 'openai' && acceptsRequiredToolChoice(model);
    const instructions = forced ? request.system : `${request.system} ${SEARCH_FIRST}`;
    return retryingCutOff(request, signal, async (maxOutputTokens) => {
      const body: ResponseCreateParamsNonStreaming =
        this.id === 'openai'
          ? {
              model,
              instructions,
              input: request.query,
              tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'GB' } }],
              ...(forced ? { tool_choice: 'required' as const } : { reasoning: { effort: 'low' as const } }),
              include: ['web_search_call.action.sources'],
              max_output_tokens: maxOutputTokens,
            }
          : {
              model,
              // A system message rather than `instructions`, which not every account of xAI's API lists.
              input: [
                { role: 'system', content: instructions },
                { role: 'user', content: request.query },
              ],
              tools: [{ type: 'web_search' }],
              max_output_tokens: maxOutputTokens,
            };
      return groundedResponse(await client.responses.create(body, { signal }));
    });
  }
}

/**
 * Whether OpenAI takes tool_choice "required" with web_search for this model: its non-reasoning
 * GPT-4o and GPT-4.1 models do; the reasoning models (o-series, GPT-5 and later) answer 400.
 */
export function acceptsRequiredToolChoice(model: string): boolean {
  return /^(gpt-4o|gpt-4\.1|chatgpt-4o)(?:$|-)/.test(model);
}

/**
 * The answer of a Responses API call: its text with source marks, the cited pages, the searches
 * that ran (open_page and find_in_page actions and failed calls are not searches, and are not
 * billed as searches), and how it ended.
 */
export function groundedResponse(response: ResponsesAnswer): GroundedAnswer {
  const list = new CitationList();
  const queries: unknown[] = [];
  let searches = 0;
  /** The pages OpenAI's searches returned (web_search_call.action.sources, when `include` asks); xAI does not say. */
  let read: string[] | undefined;
  let refused = false;
  let text = '';
  for (const item of response.output ?? []) {
    if (item.type === 'web_search_call') {
      const action: unknown = item.action;
      const kind = action && typeof action === 'object' ? (action as { type?: unknown }).type : undefined;
      // A call whose action cannot be read still ran (and is billed) unless it failed or only read a page.
      if (item.status === 'failed' || kind === 'open_page' || kind === 'find_in_page') continue;
      searches++;
      if (kind !== 'search') continue;
      const { queries: many, query, sources } = action as { queries?: unknown; query?: unknown; sources?: unknown };
      if (Array.isArray(sources)) {
        read ??= [];
        for (const source of sources as unknown[]) {
          const url = citableUrl(source && typeof source === 'object' ? (source as { url?: unknown }).url : undefined);
          if (url !== undefined) read.push(url);
        }
      }
      queries.push(...(Array.isArray(many) && many.length > 0 ? (many as unknown[]) : [query]));
    } else if (item.type === 'message') {
      for (const part of item.content ?? []) {
        if (part.type === 'output_text' && typeof part.text === 'string') text += markedText(part.text, part.annotations, list);
        else if (part.type === 'refusal') refused = true;
      }
    }
  }
  const incomplete = response.status === 'incomplete';
  const ending = (refused && text.trim() === '') || response.incomplete_details?.reason === 'content_filter' ? 'refused' : incomplete ? 'cut-off' : 'complete';
  if (text.trim() === '' && ending === 'complete') throw new SyntaxError('empty answer');
  return {
    text,
    citations: list.citations,
    searchQueries: distinctStrings(queries),
    ...(read === undefined ? {} : { retrieved: [...new Set([...read, ...list.citations.map((citation) => citation.url)])] }),
    searched: searches > 0,
    usage: { inputTokens: count(response.usage?.input_tokens), outputTokens: count(response.usage?.output_tokens), searches },
    ending,
    ...(typeof response.model === 'string' && response.model !== '' ? { model: response.model } : {}),
  };
}

/** One output_text with a mark for each url_citation (replacing the engine's own link when the annotation covers one). */
function markedText(text: string, annotations: unknown, list: CitationList): string {
  const spans: CitedSpan[] = [];
  for (const annotation of Array.isArray(annotations) ? (annotations as unknown[]) : []) {
    if (!annotation || typeof annotation !== 'object') continue;
    const { type, start_index: start, end_index: end, url, title } = annotation as Record<string, unknown>;
    if (type !== 'url_citation' || typeof start !== 'number' || typeof end !== 'number') continue;
    spans.push({ start, end, sources: [{ url, title }], replace: LINK_SPAN.test(text.slice(start, end).trim()) });
  }
  for (const match of text.matchAll(XAI_INLINE_CITATION)) {
    const start = match.index;
    if (spans.some((span) => start < span.end && span.start < start + match[0].length)) continue;
    spans.push({ start, end: start + match[0].length, sources: [{ url: match[1] }], replace: true });
  }
  return markSpans(text, spans, list);
}
