import { z } from 'zod';
import { SimPromptError, type SimImage } from '../simulated-answers.js';
import { citedSources, type SimulatedSearch } from '../simulated-search.js';
import type { SimProvider } from '../sim-config.js';
import { openAiProtocol } from './openai-protocol.js';
import {
  decodeDataUrl,
  estimateTokens,
  parseWith,
  promptTokens,
  REFUSAL_TEXT,
  sentenceSeparator,
  type ParsedModelRequest,
  type ProviderProtocol,
  type SimReply,
} from './provider-protocol.js';

const inputContentSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  image_url: z.string().nullish(),
});

const inputItemSchema = z.looseObject({
  type: z.string().optional(),
  role: z.string().optional(),
  content: z.union([z.string(), z.array(inputContentSchema)]).optional(),
});

const responsesRequestSchema = z.looseObject({
  model: z.string().min(1),
  input: z.union([z.string(), z.array(inputItemSchema).min(1)]),
  instructions: z.string().nullish(),
  stream: z.boolean().nullish(),
  tools: z.array(z.looseObject({ type: z.string() })).nullish(),
  include: z.array(z.string()).nullish(),
  max_output_tokens: z.number().int().min(16).nullish(),
  max_tool_calls: z.number().int().min(1).nullish(),
});

type InputItem = z.infer<typeof inputItemSchema>;

function itemText(item: InputItem): string {
  const { content } = item;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content.flatMap((part) => (part.type === 'input_text' && part.text !== undefined ? [part.text] : [])).join('\n');
}

function itemImages(item: InputItem): SimImage[] {
  if (!Array.isArray(item.content)) return [];
  return item.content.flatMap((part) => {
    const image = part.type === 'input_image' && part.image_url ? decodeDataUrl(part.image_url) : undefined;
    return image ? [image] : [];
  });
}

const WEB_SEARCH_TOOLS = new Set(['web_search', 'web_search_2025_08_26', 'web_search_preview', 'web_search_preview_2025_03_11']);

/** OpenAI adds this to every address it cites. */
function trackedUrl(url: string): string {
  const tracked = new URL(url);
  tracked.searchParams.set('utm_source', 'openai');
  return tracked.toString();
}

interface UrlCitation {
  type: 'url_citation';
  start_index: number;
  end_index: number;
  url: string;
  title: string;
}

/**
 * The answer text with its citations as each engine writes them: OpenAI puts a markdown link to
 * the site after the sentence, "([host](url))"; xAI puts "[[N]](url)", N numbered by first
 * citation. Each link is covered by a url_citation annotation (start inclusive, end exclusive).
 */
function citedText(search: SimulatedSearch, flavour: SimProvider): { text: string; annotations: UrlCitation[] } {
  let text = '';
  const annotations: UrlCitation[] = [];
  const numbers = new Map<number, number>();
  search.paragraphs.forEach((sentences, paragraph) =>
    sentences.forEach((sentence, index) => {
      text += sentenceSeparator(paragraph, index) + sentence.text;
      for (const cited of sentence.cites) {
        const source = search.sources[cited]!;
        if (flavour === 'xai') {
          if (!numbers.has(cited)) numbers.set(cited, numbers.size + 1);
          const link = `[[${numbers.get(cited)}]](${source.url})`;
          annotations.push({ type: 'url_citation', start_index: text.length, end_index: text.length + link.length, url: source.url, title: source.title });
          text += link;
        } else {
          const url = trackedUrl(source.url);
          const link = `([${new URL(source.url).hostname.replace(/^www\./, '')}](${url}))`;
          text += ' ';
          annotations.push({ type: 'url_citation', start_index: text.length, end_index: text.length + link.length, url, title: source.title });
          text += link;
        }
      }
    }),
  );
  return { text, annotations };
}

/** One web_search_call per search (each failed, with the search-error ending); the pages read are spread over them. */
function searchCalls(search: SimulatedSearch, id: string, includeSources: boolean, failed: boolean): Record<string, unknown>[] {
  return search.queries.map((query, index) => ({
    type: 'web_search_call',
    id: `ws_${id}${index}`,
    status: failed ? 'failed' : 'completed',
    action: {
      type: 'search',
      query,
      queries: [query],
      ...(includeSources
        ? { sources: search.sources.filter((_, at) => at % search.queries.length === index).map(({ url }) => ({ type: 'url', url })) }
        : {}),
    },
  }));
}

/** After searching, OpenAI opens a result and looks for words in it: web_search_calls that are not searches. */
function pageActions(search: SimulatedSearch, id: string): Record<string, unknown>[] {
  const page = citedSources(search)[0];
  if (!page) return [];
  return [
    { type: 'web_search_call', id: `ws_${id}open`, status: 'completed', action: { type: 'open_page', url: page.url } },
    { type: 'web_search_call', id: `ws_${id}find`, status: 'completed', action: { type: 'find_in_page', pattern: page.title.split(' ')[0] ?? 'review', url: page.url } },
  ];
}

/** The malformed-tool fault: a search call whose action is not an object, and two citations no client can use. */
function breakTools(calls: Record<string, unknown>[], annotations: UrlCitation[], textLength: number): void {
  if (calls[0]) calls[0].action = 'search';
  annotations.push(
    { type: 'url_citation', start_index: textLength + 40, end_index: textLength + 90, url: 'https://www.out-of-range.example/', title: 'Out of range' },
    { type: 'url_citation', start_index: 0, end_index: 4, url: 'javascript:alert(1)', title: 'Not a web page' },
  );
}

/**
 * The Responses API (`POST /v1/responses`) as OpenAI and xAI speak it: web_search_call items with
 * the searches (and their sources when `include` asks), then the assistant message whose
 * output_text carries url_citation annotations; xAI adds `citations`, every page it read.
 */
export function responsesProtocol(flavour: SimProvider): ProviderProtocol {
  return {
    parseRequest(body): ParsedModelRequest {
      const request = parseWith(responsesRequestSchema, body, 'responses request');
      if (request.stream) throw new SimPromptError('Streaming is not simulated; send stream: false');
      const items = typeof request.input === 'string' ? [{ role: 'user', content: request.input }] : request.input;
      const systemText = [request.instructions ?? '', ...items.filter((item) => item.role === 'system' || item.role === 'developer').map(itemText)]
        .filter(Boolean)
        .join('\n');
      const userItems = items.filter((item) => item.role === 'user');
      const lastUser = userItems[userItems.length - 1];
      if (!lastUser) throw new SimPromptError('input must contain a user message');
      const searches = (request.tools ?? []).some((tool) => WEB_SEARCH_TOOLS.has(tool.type));
      return {
        model: request.model,
        prompt: { systemText, userText: itemText(lastUser), images: userItems.flatMap(itemImages) },
        ...(request.max_output_tokens ? { maxOutputTokens: request.max_output_tokens } : {}),
        ...(request.instructions ? { instructions: request.instructions } : {}),
        ...(searches
          ? {
              webSearch: {
                ...(request.max_tool_calls ? { maxSearches: request.max_tool_calls } : {}),
                includeSources: (request.include ?? []).includes('web_search_call.action.sources'),
              },
            }
          : {}),
      };
    },

    answerBody(request, reply: SimReply, id) {
      const { search, ending } = reply;
      const failed = ending === 'search-error';
      const calls = search ? searchCalls(search, id, request.webSearch?.includeSources === true && !failed, failed) : [];
      const cites = search && search.sources.length > 0 && !failed;
      const { text, annotations } = cites ? citedText(search, flavour) : { text: reply.text, annotations: [] };
      if (cites && flavour === 'openai' && ending === undefined) calls.push(...pageActions(search, id));
      if (reply.malformedTool) breakTools(calls, annotations, text.length);
      const cutOff = ending === 'cut-off' || ending === 'reasoning-only';
      const content =
        ending === 'refused' ? [{ type: 'refusal', refusal: REFUSAL_TEXT }] : [{ type: 'output_text', text, annotations, logprobs: [] }];
      const answerItems: Record<string, unknown>[] =
        ending === 'reasoning-only'
          ? [{ type: 'reasoning', id: `rs_${id}`, summary: [], status: 'incomplete' }]
          : [{ type: 'message', id: `msg_${id}`, status: cutOff ? 'incomplete' : 'completed', role: 'assistant', content }];
      const inputTokens = promptTokens(request.prompt) + 800 * (failed ? 0 : calls.length);
      const reasoningTokens = ending === 'reasoning-only' ? (request.maxOutputTokens ?? 1000) : 0;
      const outputTokens = (ending === 'reasoning-only' ? 0 : estimateTokens(ending === 'refused' ? REFUSAL_TEXT : text)) + reasoningTokens;
      return {
        id: `resp_${id}`,
        object: 'response',
        created_at: Math.floor(Date.now() / 1000),
        status: cutOff ? 'incomplete' : 'completed',
        error: null,
        incomplete_details: cutOff ? { reason: 'max_output_tokens' } : null,
        model: request.model,
        instructions: request.instructions ?? null,
        metadata: {},
        temperature: 1,
        top_p: 1,
        output: [...calls, ...answerItems],
        parallel_tool_calls: true,
        tool_choice: 'auto',
        tools: [],
        usage: {
          // Search results count as input: each search adds about a page of text.
          input_tokens: inputTokens,
          input_tokens_details: { cached_tokens: 0, cache_write_tokens: 0 },
          output_tokens: outputTokens,
          output_tokens_details: { reasoning_tokens: reasoningTokens },
          total_tokens: inputTokens + outputTokens,
        },
        ...(flavour === 'xai' ? { citations: cites ? search.sources.map(({ url }) => url) : [] } : {}),
      };
    },

    errorBody: (status, message) => openAiProtocol.errorBody(status, message),
  };
}
