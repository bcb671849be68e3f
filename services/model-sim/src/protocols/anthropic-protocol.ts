import { z } from 'zod';
import { SimPromptError } from '../simulated-answers.js';
import {
  decodeBase64Image,
  estimateTokens,
  parseWith,
  promptTokens,
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
    return {
      model: request.model,
      prompt: { systemText: blocksText(request.system ?? ''), userText: blocksText(lastUser.content), images },
      ...(forcedTool ? { forcedTool } : {}),
    };
  },

  answerBody(request, text, id) {
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
