import { GoogleGenAI, type Candidate, type GenerateContentResponse, type Part } from '@google/genai';
import type { ProviderSettings } from '../config/tools-config.js';
import {
  CitationList,
  citableUrl,
  count,
  distinctStrings,
  LINKS_AS_GIVEN,
  markSpans,
  retryingCutOff,
  SEARCH_FIRST,
  type CitedSpan,
  type GroundedAnswer,
  type LinkResolver,
  type SearchRequest,
} from './grounded-answer.js';
import { instructionsWithSchema, type ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { sdkFetch } from './sdk-fetch.js';

/** Gemini through @google/genai. */
export class GeminiProvider implements ModelProvider {
  readonly id = 'gemini' as const;
  readonly label = MODEL_PROVIDER_LABELS.gemini;
  readonly configured: boolean;
  private readonly client: GoogleGenAI | undefined;

  constructor(
    private readonly settings: ProviderSettings,
    private readonly links: LinkResolver = LINKS_AS_GIVEN,
  ) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new GoogleGenAI({
        apiKey: settings.apiKey,
        // No retryOptions and no timeout: the SDK then makes one attempt, and the fleet owns
        // retries and the deadline (its signal aborts the request).
        httpOptions: { ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), fetch: sdkFetch },
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const parts: Part[] = [{ text: request.user }];
    if (request.image) parts.push({ inlineData: { mimeType: request.image.mimeType, data: request.image.base64 } });
    const response = await this.client.models.generateContent({
      model: this.settings.model,
      contents: [{ role: 'user', parts }],
      config: {
        systemInstruction: instructionsWithSchema(request),
        maxOutputTokens: request.maxOutputTokens,
        ...(request.json ? { responseMimeType: 'application/json' } : {}),
        abortSignal: signal,
      },
    });
    const text = response.text?.trim();
    if (!text) throw new SyntaxError('empty answer');
    return text;
  }

  /**
   * generateContent with Grounding with Google Search. The API has no way to force a search (its
   * function-calling mode does not cover Google Search), so Gemini is asked to in its instructions.
   * Thinking gets its own budget on top of the answer's (maxOutputTokens counts both); a cut-off
   * answer is asked again once with a larger budget.
   */
  async search(request: SearchRequest, signal: AbortSignal): Promise<GroundedAnswer> {
    const client = this.client;
    if (!client) throw new Error(`${this.label} has no API key`);
    return retryingCutOff(request, signal, async (maxOutputTokens) => {
      const response = await client.models.generateContent({
        model: this.settings.model,
        contents: [{ role: 'user', parts: [{ text: request.query }] }],
        config: {
          systemInstruction: `${request.system} ${SEARCH_FIRST}`,
          maxOutputTokens: maxOutputTokens + GEMINI_THINKING_BUDGET,
          thinkingConfig: { thinkingBudget: GEMINI_THINKING_BUDGET },
          tools: [{ googleSearch: {} }],
          abortSignal: signal,
        },
      });
      return groundedContent(response, this.links, signal);
    });
  }
}

/** Tokens Gemini may think for before answering a grounded question. */
export const GEMINI_THINKING_BUDGET = 1024;

/** Finish reasons for an answer Gemini withheld (its safety, recitation and content rules). */
const REFUSALS: readonly unknown[] = ['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'IMAGE_PROHIBITED_CONTENT', 'LANGUAGE'];

interface ChunkSource {
  url: string;
  title?: string;
}

/**
 * The answer of a grounded generateContent: the text with a mark after each supported segment
 * (segments are UTF-8 byte offsets into the text), the cited chunks' pages (redirect links
 * resolved), every chunk's page as read (the chunks are what the search retrieved; the supports
 * say which of them back the text) and the searches.
 */
export async function groundedContent(response: GenerateContentResponse, links: LinkResolver, signal: AbortSignal): Promise<GroundedAnswer> {
  const candidate = response.candidates?.[0];
  const finish: unknown = candidate?.finishReason;
  const ending = response.promptFeedback?.blockReason || REFUSALS.includes(finish) ? 'refused' : finish === 'MAX_TOKENS' ? 'cut-off' : 'complete';
  const text = ending === 'refused' ? '' : (textParts(candidate) ?? '');
  if (text.trim() === '' && ending === 'complete') throw new SyntaxError('empty answer');
  const metadata = response.candidates?.[0]?.groundingMetadata;
  const queries = distinctStrings(Array.isArray(metadata?.webSearchQueries) ? metadata.webSearchQueries : []);
  const chunks = Array.isArray(metadata?.groundingChunks) ? metadata.groundingChunks : [];
  const sources: (ChunkSource | undefined)[] = await Promise.all(
    chunks.map(async (chunk) => {
      const web: unknown = chunk?.web;
      if (!web || typeof web !== 'object') return undefined;
      const { uri, title, domain } = web as { uri?: unknown; title?: unknown; domain?: unknown };
      if (typeof uri !== 'string') return undefined;
      const name = typeof title === 'string' && title.trim() !== '' ? title : typeof domain === 'string' ? domain : undefined;
      return { url: await links.resolve(uri, signal), ...(name === undefined ? {} : { title: name }) };
    }),
  );
  const spans: CitedSpan[] = [];
  for (const support of Array.isArray(metadata?.groundingSupports) ? metadata.groundingSupports : []) {
    const end = segmentEnd(text, support?.segment);
    const cited = (Array.isArray(support?.groundingChunkIndices) ? support.groundingChunkIndices : [])
      .map((index) => (Number.isInteger(index) ? sources[index] : undefined))
      .filter((source): source is ChunkSource => source !== undefined);
    if (end !== undefined && cited.length > 0) spans.push({ start: end, end, sources: cited, replace: false });
  }
  const list = new CitationList();
  const marked = markSpans(text, spans, list);
  // Without any support to say which chunks back the text, every chunk stands as a source.
  if (spans.length === 0) for (const source of sources) if (source) list.numberOf(source);
  const retrieved = [...new Set(sources.flatMap((source) => (source ? [citableUrl(source.url)].filter((url): url is string => url !== undefined) : [])))];
  const usage = response.usageMetadata;
  const suggestions: unknown = metadata?.searchEntryPoint?.renderedContent;
  return {
    text: marked,
    citations: list.citations,
    searchQueries: queries,
    retrieved,
    searched: queries.length > 0 || chunks.length > 0,
    usage: {
      inputTokens: count(usage?.promptTokenCount, usage?.toolUsePromptTokenCount),
      outputTokens: count(usage?.candidatesTokenCount, usage?.thoughtsTokenCount),
      searches: queries.length,
    },
    ending,
    ...(typeof response.modelVersion === 'string' && response.modelVersion !== '' ? { model: response.modelVersion } : {}),
    ...(typeof suggestions === 'string' && suggestions.trim() !== '' ? { searchSuggestions: suggestions } : {}),
  };
}

/** The candidate's answer text (thought parts left out), or undefined when it has none. */
function textParts(candidate: Candidate | undefined): string | undefined {
  const parts = Array.isArray(candidate?.content?.parts) ? candidate.content.parts : [];
  const texts = parts.filter((part) => typeof part?.text === 'string' && part.thought !== true).map((part) => part.text as string);
  return texts.length > 0 ? texts.join('') : undefined;
}

/**
 * Where a supported segment ends, as a string index: its byte offset when the bytes there hold
 * its text, else where its text is found; undefined when neither.
 */
function segmentEnd(text: string, segment: unknown): number | undefined {
  if (!segment || typeof segment !== 'object') return undefined;
  const { startIndex = 0, endIndex, text: words } = segment as { startIndex?: unknown; endIndex?: unknown; text?: unknown };
  const bytes = Buffer.from(text);
  if (Number.isInteger(startIndex) && Number.isInteger(endIndex) && (startIndex as number) >= 0 && (endIndex as number) <= bytes.length && (startIndex as number) < (endIndex as number)) {
    const slice = bytes.subarray(startIndex as number, endIndex as number).toString();
    if (typeof words !== 'string' || slice === words) return bytes.subarray(0, endIndex as number).toString().length;
  }
  if (typeof words === 'string' && words !== '') {
    const found = text.indexOf(words);
    if (found >= 0) return found + words.length;
  }
  return undefined;
}
