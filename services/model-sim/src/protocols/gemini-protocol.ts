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

const partSchema = z.looseObject({
  text: z.string().optional(),
  inlineData: z.looseObject({ mimeType: z.string(), data: z.string() }).optional(),
});

const contentSchema = z.looseObject({
  role: z.string().optional(),
  parts: z.array(partSchema),
});

const generateContentSchema = z.looseObject({
  contents: z.array(contentSchema).min(1),
  systemInstruction: z.union([z.string(), contentSchema]).optional(),
});

type Content = z.infer<typeof contentSchema>;

function partsText(content: Content | string | undefined): string {
  if (content === undefined) return '';
  if (typeof content === 'string') return content;
  return content.parts.flatMap((part) => (part.text !== undefined ? [part.text] : [])).join('\n');
}

const ERROR_STATUSES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  405: 'INVALID_ARGUMENT',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

/** generateContent of the Generative Language API (the model comes from the URL). */
export const geminiProtocol: ProviderProtocol = {
  parseRequest(body, pathModel): ParsedModelRequest {
    if (!pathModel) throw new SimPromptError('The URL must name a model: /{version}/models/{model}:generateContent');
    const request = parseWith(generateContentSchema, body, 'generateContent request');
    const userContents = request.contents.filter((content) => content.role === undefined || content.role === 'user');
    const lastUser = userContents[userContents.length - 1];
    if (!lastUser) throw new SimPromptError('contents must contain a user turn');
    const images = userContents.flatMap((content) =>
      content.parts.flatMap((part) => (part.inlineData ? [decodeBase64Image(part.inlineData.mimeType, part.inlineData.data)] : [])),
    );
    return {
      model: pathModel,
      prompt: { systemText: partsText(request.systemInstruction), userText: partsText(lastUser), images },
    };
  },

  answerBody(request, text, id) {
    const promptTokenCount = promptTokens(request.prompt);
    const candidatesTokenCount = estimateTokens(text);
    return {
      candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount, candidatesTokenCount, totalTokenCount: promptTokenCount + candidatesTokenCount },
      modelVersion: request.model,
      responseId: id,
    };
  },

  errorBody(status, message) {
    const statusName = ERROR_STATUSES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
    return { error: { code: status, message, status: statusName } };
  },
};
