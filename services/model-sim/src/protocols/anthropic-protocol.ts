import { z } from 'zod';
import { SimPromptError } from '../simulated-answers.js';
import type { ContentBlock, DirectCaller, Message, RefusalStopDetails, StopReason, Usage, WebSearchResultBlock } from '@anthropic-ai/sdk/resources/messages/messages';
import { searchAnswerText, type SimulatedSearch } from '../simulated-search.js';
import {
  decodeBase64Image,
  estimateTokens,
  opaqueToken,
  parseWith,
  promptTokens,
  sentenceSeparator,
  type ParsedModelRequest,
  type ProviderProtocol,
  type SimReply,
} from './provider-protocol.js';

const blockSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  source: z
    .looseObject({ type: z.string(), media_type: z.string().optional(), data: z.string().optional() })
    .optional(),
});

const messageSchema = z.looseObject({
  role: z.enum(['user', 'assistant']),
  content: z.union([z.string(), z.array(blockSchema)]),
});

const messagesRequestSchema = z.looseObject({
  model: z.string().min(1),
  max_tokens: z.number().int().min(1),
  system: z.union([z.string(), z.array(blockSchema)]).optional(),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().optional(),
  tool_choice: z.looseObject({ type: z.string(), name: z.string().optional() }).optional(),
  tools: z.array(z.looseObject({ type: z.string().optional(), name: z.string(), max_uses: z.number().int().min(1).nullish() })).optional(),
});

type Block = z.infer<typeof blockSchema>;

function blocksText(content: string | Block[]): string {
  if (typeof content === 'string') return content;
  return content.flatMap((block) => (block.type === 'text' && block.text !== undefined ? [block.text] : [])).join('\n');
}

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  405: 'invalid_request_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  529: 'overloaded_error',
};

/** The Messages API. */
export const anthropicProtocol: ProviderProtocol = {
  parseRequest(body): ParsedModelRequest {
    const request = parseWith(messagesRequestSchema, body, 'messages request');
    if (request.stream) throw new SimPromptError('Streaming is not simulated; send stream: false');
    const userMessages = request.messages.filter((message) => message.role === 'user');
    const lastUser = userMessages[userMessages.length - 1];
    if (!lastUser) throw new SimPromptError('messages must contain a user message');
    const images = userMessages.flatMap((message) =>
      typeof message.content === 'string'
        ? []
        : message.content.flatMap((block) =>
            block.type === 'image' && block.source?.type === 'base64' && block.source.data !== undefined
              ? [decodeBase64Image(block.source.media_type ?? '', block.source.data)]
              : [],
          ),
    );
    const forcedTool = request.tool_choice?.type === 'tool' ? request.tool_choice.name : undefined;
    const webSearch = request.tools?.find((tool) => tool.type?.startsWith('web_search_') === true);
    return {
      model: request.model,
      maxOutputTokens: request.max_tokens,
      ...(request.messages.at(-1)?.role === 'assistant' ? { continuation: true } : {}),
      prompt: { systemText: blocksText(request.system ?? ''), userText: blocksText(lastUser.content), images },
      ...(forcedTool ? { forcedTool } : {}),
      ...(webSearch ? { webSearch: webSearch.max_uses ? { maxSearches: webSearch.max_uses } : {} } : {}),
    };
  },

  answerBody(request, reply, id) {
    const { text } = reply;
    if (reply.search) return searchMessage(request, reply, id);
    const common = {
      id: `msg_${id}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
      container: null,
      diagnostics: null,
      stop_details: null,
      stop_sequence: null,
      usage: messageUsage(promptTokens(request.prompt), estimateTokens(text), 0),
    } as const;
    const toolInput = request.forcedTool ? jsonObjectOrUndefined(text) : undefined;
    if (request.forcedTool && toolInput) {
      return {
        ...common,
        content: [{ type: 'tool_use', id: `toolu_${id}`, name: request.forcedTool, input: toolInput, caller: { type: 'direct' } }],
        stop_reason: 'tool_use',
      } satisfies Message;
    }
    return { ...common, content: [{ type: 'text', text, citations: null }], stop_reason: 'end_turn' } satisfies Message;
  },

  errorBody(status, message) {
    const type = ERROR_TYPES[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    return { type: 'error', error: { type, message } };
  },
};

function jsonObjectOrUndefined(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const PAGE_AGES = ['3 days ago', '2 weeks ago', '1 month ago', null] as const;

/** Every field of a Message's usage, as the API sends it. */
function messageUsage(inputTokens: number, outputTokens: number, searches: number): Usage {
  return {
    input_tokens: inputTokens,
    output_tokens: outputTokens,
    cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 },
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
    inference_geo: null,
    output_tokens_details: null,
    server_tool_use: { web_search_requests: searches, web_fetch_requests: 0 },
    service_tier: 'standard',
    speed: null,
  };
}

/**
 * A message of the web search server tool: a short preamble, the first search (a server_tool_use
 * block and its web_search_tool_result), the answer's first two paragraphs (the brands), the other
 * searches, then the rest of the answer; text is split into blocks at citations, each cited sentence carrying its
 * web_search_result_location citations. The `ending` fault changes how it ends: paused after the
 * searches (the continued request gets the answer), cut off by max_tokens, refused, every search
 * failed (answered from memory), or the budget spent thinking.
 */
function searchMessage(request: ParsedModelRequest, reply: SimReply, id: string): Message {
  const search = reply.search!;
  const { ending } = reply;
  const failed = ending === 'search-error';
  const direct: DirectCaller = { type: 'direct' };
  const content: ContentBlock[] = [];
  const searchBlocks = (from: number, to: number): void =>
    search.queries.slice(from, to).forEach((query, offset) => {
      const index = from + offset;
      const toolUseId = `srvtoolu_${id}${index}`;
      content.push({ type: 'server_tool_use', id: toolUseId, name: 'web_search', input: { query }, caller: direct });
      const results: WebSearchResultBlock[] = search.sources
        .filter((_, at) => at % search.queries.length === index)
        .map((source, at) => ({
          type: 'web_search_result',
          url: source.url,
          title: source.title,
          encrypted_content: opaqueToken('content', source.url),
          page_age: PAGE_AGES[at % PAGE_AGES.length] ?? null,
        }));
      content.push({
        type: 'web_search_tool_result',
        tool_use_id: toolUseId,
        content: failed ? { type: 'web_search_tool_result_error', error_code: 'unavailable' } : results,
        caller: direct,
      });
    });
  const answerBlocks = (paragraphs: SimulatedSearch['paragraphs'], first: number): void => {
    let plain = '';
    const flush = (): void => {
      if (plain) content.push({ type: 'text', text: plain, citations: null });
      plain = '';
    };
    paragraphs.forEach((sentences, at) =>
      sentences.forEach((sentence, index) => {
        plain += sentenceSeparator(first + at, index);
        if (sentence.cites.length === 0) {
          plain += sentence.text;
          return;
        }
        flush();
        content.push({
          type: 'text',
          text: sentence.text,
          citations: sentence.cites.map((cited) => {
            const source = search.sources[cited]!;
            return {
              type: 'web_search_result_location',
              url: source.url,
              title: source.title,
              encrypted_index: opaqueToken('index', source.url),
              cited_text: source.excerpt,
            };
          }),
        });
      }),
    );
    flush();
  };
  let stopReason: StopReason = 'end_turn';
  let stopDetails: RefusalStopDetails | null = null;
  let searches = failed ? 0 : search.queries.length;
  let outputTokens = estimateTokens(searchAnswerText(search));
  if (request.continuation) {
    // A paused turn sent back: the searches are done (and were billed), the answer follows.
    answerBlocks(search.paragraphs, 0);
    searches = 0;
  } else if (ending === 'refused') {
    stopReason = 'refusal';
    stopDetails = { type: 'refusal', category: null, explanation: null };
    outputTokens = 0;
  } else if (ending === 'reasoning-only') {
    content.push({ type: 'thinking', thinking: 'The shopper wants current UK recommendations, so I should', signature: opaqueToken('thinking', id) });
    stopReason = 'max_tokens';
    outputTokens = request.maxOutputTokens ?? outputTokens;
    searches = 0;
  } else {
    content.push({ type: 'text', text: `I'll search for current UK reviews of ${request.prompt.userText.trim()}.`, citations: null });
    searchBlocks(0, 1);
    if (ending === 'paused') {
      searchBlocks(1, search.queries.length);
      stopReason = 'pause_turn';
    } else if (failed) {
      searchBlocks(1, search.queries.length);
      content.push({ type: 'text', text: reply.text, citations: null });
      outputTokens = estimateTokens(reply.text);
    } else {
      // Claude writes between its searches: the brands come before the last search.
      const [first = [], second = [], ...rest] = search.paragraphs;
      answerBlocks([first, second], 0);
      searchBlocks(1, search.queries.length);
      answerBlocks(rest, 2);
      if (ending === 'cut-off') stopReason = 'max_tokens';
    }
  }
  if (reply.malformedTool) breakBlocks(content as unknown as Record<string, unknown>[]);
  return {
    id: `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    container: null,
    diagnostics: null,
    stop_reason: stopReason,
    stop_details: stopDetails,
    stop_sequence: null,
    // Search results are read as input: about a page of text per search.
    usage: messageUsage(promptTokens(request.prompt) + 1200 * searches, outputTokens, searches),
  };
}

/** The malformed-tool fault: the first search's input and result are not objects, and one citation has no url. */
function breakBlocks(content: Record<string, unknown>[]): void {
  const call = content.find((block) => block.type === 'server_tool_use');
  if (call) call.input = 'search';
  const result = content.find((block) => block.type === 'web_search_tool_result');
  if (result) result.content = 'unavailable';
  const cited = content.find((block) => block.type === 'text' && Array.isArray(block.citations));
  if (cited) (cited.citations as Record<string, unknown>[]).push({ type: 'web_search_result_location', title: null, cited_text: 'No address.' });
}
