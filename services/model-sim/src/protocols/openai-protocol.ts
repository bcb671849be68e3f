import { z } from 'zod';
import { SimPromptError, type SimImage } from '../simulated-answers.js';
import {
  decodeDataUrl,
  estimateTokens,
  parseWith,
  promptTokens,
  type ParsedModelRequest,
  type ProviderProtocol,
} from './provider-protocol.js';

const contentPartSchema = z.looseObject({
  type: z.string(),
  text: z.string().optional(),
  image_url: z.looseObject({ url: z.string() }).optional(),
});

const messageSchema = z.looseObject({
  role: z.string(),
  content: z.union([z.string(), z.array(contentPartSchema), z.null()]).optional(),
});

const chatRequestSchema = z.looseObject({
  model: z.string().min(1),
  messages: z.array(messageSchema).min(1),
  stream: z.boolean().nullish(),
  response_format: z.looseObject({ type: z.enum(['text', 'json_object', 'json_schema']) }).nullish(),
});

type Message = z.infer<typeof messageSchema>;

function messageText(message: Message): string {
  const { content } = message;
  if (typeof content === 'string') return content;
  if (!content) return '';
  return content
    .flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : []))
    .join('\n');
}

function messageImages(message: Message): SimImage[] {
  if (!Array.isArray(message.content)) return [];
  const images: SimImage[] = [];
  for (const part of message.content) {
    if (part.type !== 'image_url' || !part.image_url) continue;
    const image = decodeDataUrl(part.image_url.url);
    if (image) images.push(image);
  }
  return images;
}

const ERROR_TYPES: Record<number, { type: string; code: string | null }> = {
  400: { type: 'invalid_request_error', code: null },
  401: { type: 'invalid_request_error', code: 'invalid_api_key' },
  404: { type: 'invalid_request_error', code: 'not_found' },
  405: { type: 'invalid_request_error', code: null },
  413: { type: 'invalid_request_error', code: 'request_too_large' },
  429: { type: 'requests', code: 'rate_limit_exceeded' },
};

/** Chat Completions, as spoken by OpenAI and by xAI's OpenAI-compatible API. */
export const openAiProtocol: ProviderProtocol = {
  parseRequest(body): ParsedModelRequest {
    const request = parseWith(chatRequestSchema, body, 'chat completion request');
    if (request.stream) throw new SimPromptError('Streaming is not simulated; send stream: false');
    const systemText = request.messages
      .filter((message) => message.role === 'system' || message.role === 'developer')
      .map(messageText)
      .join('\n');
    const userMessages = request.messages.filter((message) => message.role === 'user');
    const lastUser = userMessages[userMessages.length - 1];
    if (!lastUser) throw new SimPromptError('messages must contain a user message');
    return {
      model: request.model,
      prompt: { systemText, userText: messageText(lastUser), images: userMessages.flatMap(messageImages) },
    };
  },

  answerBody(request, { text }, id) {
    const inputTokens = promptTokens(request.prompt);
    const outputTokens = estimateTokens(text);
    return {
      id: `chatcmpl-${id}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: request.model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: text, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: inputTokens, completion_tokens: outputTokens, total_tokens: inputTokens + outputTokens },
      system_fingerprint: 'fp_model_sim',
    };
  },

  errorBody(status, message) {
    const { type, code } = ERROR_TYPES[status] ?? { type: status >= 500 ? 'server_error' : 'invalid_request_error', code: null };
    return { error: { message, type, param: null, code } };
  },
};
