import { z } from 'zod';
import { SimPromptError } from '../simulated-answers.js';
import type { SimulatedSearch } from '../simulated-search.js';
import {
  decodeBase64Image,
  estimateTokens,
  opaqueToken,
  parseWith,
  promptTokens,
  sentenceSeparator,
  type ParsedModelRequest,
  type ProviderProtocol,
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
      prompt: { systemText: blocksText(request.system ?? ''), userText: blocksText(lastUser.content), images },
      ...(forcedTool ? { forcedTool } : {}),
      ...(webSearch ? { webSearch: webSearch.max_uses ? { maxSearches: webSearch.max_uses } : {} } : {}),
    };
  },

  answerBody(request, { text, search, malformedTool }, id) {
    if (search) return searchMessage(request, search, malformedTool === true, id);
    const usage = { input_tokens: promptTokens(request.prompt), output_tokens: estimateTokens(text) };
    const common = { id: `msg_${id}`, type: 'message', role: 'assistant', model: request.model, stop_sequence: null, usage };
    const toolInput = request.forcedTool ? jsonObjectOrUndefined(text) : undefined;
    if (request.forcedTool && toolInput) {
      return {
        ...common,
        content: [{ type: 'tool_use', id: `toolu_${id}`, name: request.forcedTool, input: toolInput }],
        stop_reason: 'tool_use',
      };
    }
    return { ...common, content: [{ type: 'text', text }], stop_reason: 'end_turn' };
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

/**
 * A message of the web search server tool: a short preamble, each search as a server_tool_use
 * block and its web_search_tool_result, then the answer split into text blocks at citations,
 * each cited sentence carrying its web_search_result_location citations.
 */
function searchMessage(request: ParsedModelRequest, search: SimulatedSearch, malformed: boolean, id: string): unknown {
  const direct = { type: 'direct' };
  const content: Record<string, unknown>[] = [
    { type: 'text', text: `I'll search for current UK reviews of ${request.prompt.userText.trim()}.`, citations: null },
  ];
  search.queries.forEach((query, index) => {
    const toolUseId = `srvtoolu_${id}${index}`;
    content.push({ type: 'server_tool_use', id: toolUseId, name: 'web_search', input: { query }, caller: direct });
    const results = search.sources
      .filter((_, at) => at % search.queries.length === index)
      .map((source, at) => ({
        type: 'web_search_result',
        url: source.url,
        title: source.title,
        encrypted_content: opaqueToken('content', source.url),
        page_age: PAGE_AGES[at % PAGE_AGES.length] ?? null,
      }));
    content.push({ type: 'web_search_tool_result', tool_use_id: toolUseId, content: results, caller: direct });
  });
  let plain = '';
  const flush = (): void => {
    if (plain) content.push({ type: 'text', text: plain, citations: null });
    plain = '';
  };
  search.paragraphs.forEach((sentences, paragraph) =>
    sentences.forEach((sentence, index) => {
      plain += sentenceSeparator(paragraph, index);
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
  if (malformed) breakBlocks(content);
  const answerText = search.paragraphs.flat().map((sentence) => sentence.text).join(' ');
  return {
    id: `msg_${id}`,
    type: 'message',
    role: 'assistant',
    model: request.model,
    content,
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: {
      // Search results are read as input: about a page of text per search.
      input_tokens: promptTokens(request.prompt) + 1200 * search.queries.length,
      output_tokens: estimateTokens(answerText),
      cache_creation_input_tokens: 0,
      cache_read_input_tokens: 0,
      server_tool_use: { web_search_requests: search.queries.length, web_fetch_requests: 0 },
      service_tier: 'standard',
    },
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
