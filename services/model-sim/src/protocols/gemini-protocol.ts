import type {
  Candidate,
  FinishReason,
  GenerateContentResponseUsageMetadata,
  GroundingChunk,
  GroundingMetadata,
  GroundingSupport,
  HarmCategory,
  HarmProbability,
  Model,
} from '@google/genai';
import { z } from 'zod';
import { SimPromptError } from '../simulated-answers.js';
import type { SimulatedSearch } from '../simulated-search.js';
import {
  decodeBase64Image,
  estimateTokens,
  parseWith,
  promptTokens,
  sentenceSeparator,
  type ParsedModelRequest,
  type ProviderProtocol,
  type SimReply,
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
  tools: z.array(z.record(z.string(), z.unknown())).optional(),
  generationConfig: z.looseObject({ maxOutputTokens: z.number().int().min(1).optional() }).optional(),
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

/** The body of a generateContent answer, typed with the official SDK's own types so that a wrong field fails the build. */
interface GeminiAnswer {
  candidates: Candidate[];
  usageMetadata: GenerateContentResponseUsageMetadata;
  modelVersion: string;
  responseId: string;
}

/** The model list of `GET /{version}/models`, as the SDK's ListModelsResponse types it. */
export function geminiModelList(models: readonly string[]): { models: Model[] } {
  return {
    models: models.map((id) => ({
      name: `models/${id}`,
      displayName: id,
      version: '001',
      inputTokenLimit: 1_048_576,
      outputTokenLimit: 65_536,
      supportedActions: ['generateContent', 'countTokens'],
    })),
  };
}

/**
 * Google's Search Suggestions chip as its renderedContent looks: a style block and a carousel of
 * links to a Google search for each query. Marked simulated, and styled as Google's is.
 */
function searchSuggestions(queries: readonly string[]): string {
  const escape = (text: string): string => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
  const chips = queries
    .map((query) => `<a class="chip" href="https://www.google.com/search?q=${encodeURIComponent(query)}">${escape(query)}</a>`)
    .join('');
  return (
    '<style>.container{align-items:center;border-radius:8px;display:flex;font-family:Google Sans,Roboto,sans-serif;font-size:14px;line-height:20px;padding:8px 12px}' +
    '.chip{display:inline-block;border:solid 1px #d2d2d2;border-radius:16px;margin:0 8px;padding:5px 16px;text-decoration:none;color:#5e5e5e;background:#fff}' +
    '.carousel{overflow:auto;scrollbar-width:none;white-space:nowrap;margin-right:-12px}.headline{margin-right:4px}</style>' +
    `<div class="container"><div class="headline">Simulated Google Search suggestions</div><div class="carousel">${chips}</div></div>`
  );
}

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
    const searches = (request.tools ?? []).some((tool) => 'googleSearch' in tool || 'google_search' in tool);
    return {
      model: pathModel,
      ...(request.generationConfig?.maxOutputTokens ? { maxOutputTokens: request.generationConfig.maxOutputTokens } : {}),
      prompt: { systemText: partsText(request.systemInstruction), userText: partsText(lastUser), images },
      ...(searches ? { webSearch: {} } : {}),
    };
  },

  answerBody(request, reply, id): GeminiAnswer {
    const { ending } = reply;
    const failed = ending === 'search-error';
    const grounded = reply.search ? groundedText(reply.search, reply) : undefined;
    const text = ending === 'reasoning-only' ? '' : grounded && !failed ? grounded.text : reply.text;
    const promptTokenCount = promptTokens(request.prompt);
    const thoughtsTokenCount = ending === 'reasoning-only' ? (request.maxOutputTokens ?? 1000) : 0;
    const candidatesTokenCount = ending === 'refused' || text === '' ? 0 : estimateTokens(text);
    // Search results are read as tool-use prompt tokens: about a page of text per search.
    const toolUsePromptTokenCount = failed ? 0 : 900 * (reply.search?.queries.length ?? 0);
    // A failed search leaves no grounding metadata: the answer is from memory.
    const metadata = failed ? undefined : grounded?.metadata;
    const candidate: Candidate =
      ending === 'refused'
        ? {
            finishReason: 'SAFETY' as FinishReason.SAFETY,
            index: 0,
            safetyRatings: [{ category: 'HARM_CATEGORY_DANGEROUS_CONTENT' as HarmCategory, probability: 'HIGH' as HarmProbability, blocked: true }],
          }
        : {
            // A candidate whose budget went on thinking has a content with no parts.
            content: text === '' ? { role: 'model' } : { role: 'model', parts: [{ text }] },
            finishReason: (ending === 'cut-off' || ending === 'reasoning-only' ? 'MAX_TOKENS' : 'STOP') as FinishReason,
            index: 0,
            ...(metadata ? { groundingMetadata: metadata } : {}),
          };
    return {
      candidates: [candidate],
      usageMetadata: {
        promptTokenCount,
        candidatesTokenCount,
        ...(toolUsePromptTokenCount > 0 ? { toolUsePromptTokenCount } : {}),
        ...(thoughtsTokenCount > 0 ? { thoughtsTokenCount } : {}),
        totalTokenCount: promptTokenCount + candidatesTokenCount + toolUsePromptTokenCount + thoughtsTokenCount,
      },
      modelVersion: request.model,
      responseId: id,
    };
  },

  errorBody(status, message) {
    const statusName = ERROR_STATUSES[status] ?? (status >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION');
    return { error: { code: status, message, status: statusName } };
  },
};

/** Where a grounding chunk's link leads: through this simulator, as Google's own links lead through Google. */
export function groundingRedirectUrl(origin: string, target: string): string {
  return `${origin}/gemini/grounding-api-redirect/${Buffer.from(target).toString('base64url')}`;
}

/** The page a redirect token stands for, or undefined when it is not one of ours. */
export function groundingRedirectTarget(token: string): string | undefined {
  const target = Buffer.from(token, 'base64url').toString('utf8');
  return /^https?:\/\/[^\s]+$/.test(target) && Buffer.from(target).toString('base64url') === token ? target : undefined;
}

/**
 * Grounding with Google Search: the plain answer text, and groundingMetadata holding the searches
 * (webSearchQueries), the pages retrieved (groundingChunks: a redirect link and the site's name;
 * the cited ones first) and which part of the text each cited one supports (groundingSupports:
 * UTF-8 byte offsets into the text).
 * A zero startIndex is left out, as the API's JSON leaves out zero values.
 */
function groundedText(search: SimulatedSearch, reply: SimReply): { text: string; metadata: GroundingMetadata } {
  const chunks: GroundingChunk[] = [];
  const chunkOf = new Map<number, number>();
  const supports: GroundingSupport[] = [];
  let text = '';
  search.paragraphs.forEach((sentences, paragraph) =>
    sentences.forEach((sentence, index) => {
      text += sentenceSeparator(paragraph, index);
      const startIndex = Buffer.byteLength(text);
      text += sentence.text;
      if (sentence.cites.length === 0) return;
      const indices = sentence.cites.map((cited) => {
        if (!chunkOf.has(cited)) {
          const source = search.sources[cited]!;
          const site = new URL(source.url).hostname.replace(/^www\./, '');
          chunkOf.set(cited, chunks.push({ web: { uri: groundingRedirectUrl(reply.origin, source.url), title: site, domain: site } }) - 1);
        }
        return chunkOf.get(cited)!;
      });
      supports.push({
        segment: { ...(startIndex > 0 ? { startIndex } : {}), endIndex: Buffer.byteLength(text), text: sentence.text },
        groundingChunkIndices: indices,
        confidenceScores: indices.map(() => 0.9),
      });
    }),
  );
  // The pages read but cited by no sentence are chunks too, which no support points at.
  search.sources.forEach((source, index) => {
    if (chunkOf.has(index)) return;
    const site = new URL(source.url).hostname.replace(/^www\./, '');
    chunkOf.set(index, chunks.push({ web: { uri: groundingRedirectUrl(reply.origin, source.url), title: site, domain: site } }) - 1);
  });
  if (reply.malformedTool) {
    // A support pointing past the chunks, one past the end of the text, and a chunk that is not a web page.
    supports.push({ segment: { startIndex: 0, endIndex: 10 }, groundingChunkIndices: [chunks.length + 5] });
    supports.push({ segment: { startIndex: Buffer.byteLength(text) + 10, endIndex: Buffer.byteLength(text) + 40 }, groundingChunkIndices: [0] });
    chunks.push({ retrievedContext: { title: 'Not a web page' } });
  }
  return {
    text,
    metadata: {
      webSearchQueries: search.queries,
      searchEntryPoint: { renderedContent: searchSuggestions(search.queries) },
      ...(chunks.length > 0 ? { groundingChunks: chunks, groundingSupports: supports } : {}),
    },
  };
}
