import OpenAI from 'openai';
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import type { ProviderSettings } from '../config/tools-config.js';
import { CitationList, citableUrl, count, markSpans, retryingCutOff, type CitedSpan, type GroundedAnswer, type SearchRequest } from './grounded-answer.js';
import type { ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { sdkFetch } from './sdk-fetch.js';

const PERPLEXITY_BASE_URL = 'https://api.perplexity.ai';
/** Perplexity's source markers: "[1]" is citations[0]. */
const SOURCE_MARKER = /\[(\d{1,3})\]/g;

/** What Sonar adds to an OpenAI chat completion: the cited addresses and the search results it read. */
interface SonarFields {
  citations?: unknown;
  search_results?: unknown;
  usage?: { num_search_queries?: unknown } | null;
}

/** OpenAI's chat completion request with Sonar's own fields (its web_search_options differ from OpenAI's). */
type SonarRequest = Omit<ChatCompletionCreateParamsNonStreaming, 'web_search_options'> & SonarRequestFields;

/** Request fields Sonar takes beside OpenAI's. */
interface SonarRequestFields {
  /** Answer from the model alone (the audit's search-off ask). */
  disable_search?: boolean;
  web_search_options?: { user_location?: { country: string } };
}

/**
 * Perplexity's Sonar API through its OpenAI-compatible chat completions endpoint and the openai
 * SDK. Every Sonar answer searches the web unless `disable_search` is set, so a plain call (the
 * memory ask) sets it, and the search call sends the same question from an approximate UK location.
 */
export class PerplexityProvider implements ModelProvider {
  readonly id = 'perplexity' as const;
  readonly label = MODEL_PROVIDER_LABELS.perplexity;
  readonly configured: boolean;
  private readonly client: OpenAI | undefined;

  constructor(
    private readonly settings: ProviderSettings,
    deadlineMs: number,
  ) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new OpenAI({
        apiKey: settings.apiKey,
        baseURL: settings.baseUrl ?? PERPLEXITY_BASE_URL,
        // The fleet owns deadlines and retries.
        timeout: deadlineMs,
        maxRetries: 0,
        fetch: sdkFetch,
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const body: SonarRequest = {
      model: this.settings.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      max_tokens: request.maxOutputTokens,
      disable_search: true,
      ...(request.json ? { response_format: { type: 'json_schema' as const, json_schema: { name: request.json.name, schema: request.json.schema } } } : {}),
    };
    const completion = await this.client.chat.completions.create(asOpenAiBody(body), { signal });
    const text = completion.choices[0]?.message?.content;
    if (typeof text !== 'string' || text.trim() === '') throw new SyntaxError('empty answer');
    return text;
  }

  async search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer> {
    const client = this.client;
    if (!client) throw new Error(`${this.label} has no API key`);
    return retryingCutOff(request, signal, async (maxOutputTokens) => {
      const body: SonarRequest = {
        model: this.settings.model,
        messages: [
          { role: 'system', content: request.system },
          { role: 'user', content: request.query },
        ],
        max_tokens: maxOutputTokens,
        web_search_options: { user_location: { country: 'GB' } },
      };
      return sonarAnswer(await client.chat.completions.create(asOpenAiBody(body), { signal }));
    });
  }
}

/** The SDK sends the body as given; only its types know OpenAI's web_search_options alone. */
function asOpenAiBody(body: SonarRequest): ChatCompletionCreateParamsNonStreaming {
  return body as unknown as ChatCompletionCreateParamsNonStreaming;
}

/**
 * A Sonar answer: its text with our source marks in place of Perplexity's "[n]" (a marker past
 * the citations is dropped), the cited pages (titled from the search results where they match),
 * and every search result as a page read.
 */
export function sonarAnswer(completion: ChatCompletion & SonarFields): GroundedAnswer {
  const results = (Array.isArray(completion.search_results) ? (completion.search_results as unknown[]) : []).flatMap((result) => {
    if (!result || typeof result !== 'object') return [];
    const { url, title } = result as { url?: unknown; title?: unknown };
    const address = citableUrl(url);
    return address === undefined ? [] : [{ url: address, title: typeof title === 'string' ? title : undefined }];
  });
  const cited = (Array.isArray(completion.citations) ? (completion.citations as unknown[]) : []).map((url) => {
    const address = citableUrl(url);
    return { url: address ?? url, title: results.find((result) => result.url === address)?.title };
  });
  const choice = completion.choices[0];
  const raw = typeof choice?.message?.content === 'string' ? choice.message.content : '';
  const spans: CitedSpan[] = [...raw.matchAll(SOURCE_MARKER)].map((match) => {
    const source = cited[Number(match[1]) - 1];
    return { start: match.index, end: match.index + match[0].length, sources: source ? [source] : [], replace: true };
  });
  const list = new CitationList();
  const text = markSpans(raw, spans, list);
  const refused = choice?.finish_reason === 'content_filter';
  const ending = refused ? 'refused' : choice?.finish_reason === 'length' ? 'cut-off' : 'complete';
  if (text.trim() === '' && ending === 'complete') throw new SyntaxError('empty answer');
  const retrieved = [...new Set([...results.map((result) => result.url), ...list.citations.map((citation) => citation.url)])];
  const searches = count(completion.usage?.num_search_queries);
  return {
    text,
    citations: list.citations,
    searchQueries: [],
    retrieved,
    searched: retrieved.length > 0,
    usage: { inputTokens: count(completion.usage?.prompt_tokens), outputTokens: count(completion.usage?.completion_tokens), searches: searches > 0 ? searches : retrieved.length > 0 ? 1 : 0 },
    ending,
    ...(typeof completion.model === 'string' && completion.model !== '' ? { model: completion.model } : {}),
  };
}
