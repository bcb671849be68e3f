import type { z } from 'zod';
import { SimPromptError, type SimImage, type SimPrompt } from '../simulated-answers.js';
import type { SimulatedSearch } from '../simulated-search.js';
import type { SimEnding } from '../sim-config.js';

export interface ParsedModelRequest {
  model: string;
  prompt: SimPrompt;
  /** Responses API: the request's `instructions`, which its answer repeats. */
  instructions?: string;
  /** The request's output budget, where it sets one. */
  maxOutputTokens?: number;
  /** Anthropic only: the request sends back a paused turn (its last message is the assistant's). */
  continuation?: boolean;
  /** Anthropic only: the tool the request forces, answered as a tool_use block. */
  forcedTool?: string;
  /** Present when the request offers the engine its web-search tool. */
  webSearch?: {
    /** At most this many searches (Anthropic's max_uses, the Responses API's max_tool_calls). */
    maxSearches?: number;
    /** Responses API: `include` asks for web_search_call.action.sources. */
    includeSources?: boolean;
  };
}

/** What to send back, for a protocol to put in its own wire format. */
export interface SimReply {
  /** The answer text (task JSON for tasks), possibly cut short by the `malformed` fault. */
  text: string;
  /** The searches and citations, when the engine searched. */
  search?: SimulatedSearch;
  /** The `malformed-tool` fault: the protocol breaks some of its tool blocks. */
  malformedTool?: boolean;
  /** How a web-search answer ends when it does not end normally (the `ending` fault). */
  ending?: SimEnding;
  /** This simulator's own address (Gemini's grounding links redirect through it). */
  origin: string;
}

/** One wire protocol: how a request reads and how answers and errors are shaped. */
export interface ProviderProtocol {
  /** `pathModel` is the model named in the URL (Gemini). Throws SimPromptError on a bad request. */
  parseRequest(body: unknown, pathModel: string | undefined): ParsedModelRequest;
  answerBody(request: ParsedModelRequest, reply: SimReply, id: string): unknown;
  errorBody(status: number, message: string): unknown;
}

export function parseWith<T>(schema: z.ZodType<T>, body: unknown, what: string): T {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.slice(0, 5).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
    return `${where}: ${issue.message}`;
  });
  throw new SimPromptError(`Invalid ${what}. ${problems.join('; ')}`);
}

export function decodeBase64Image(mimeType: string, data: string): SimImage {
  return { mimeType, bytes: Buffer.from(data, 'base64') };
}

/** Decodes a `data:` URL; other URLs cannot be fetched here and yield undefined. */
export function decodeDataUrl(url: string): SimImage | undefined {
  const match = /^data:([^;,]*)((?:;[^;,]*)*),/i.exec(url);
  if (!match) return undefined;
  const payload = url.slice(match[0].length);
  const isBase64 = /;base64$/i.test(match[2] ?? '');
  const bytes = isBase64 ? Buffer.from(payload, 'base64') : Buffer.from(decodeURIComponent(payload), 'utf8');
  return { mimeType: match[1] || 'text/plain', bytes };
}

/** A rough count, so usage fields hold plausible numbers. */
export function estimateTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

export function promptTokens(prompt: SimPrompt): number {
  return estimateTokens(prompt.systemText + prompt.userText) + 85 * prompt.images.length;
}

/** Sentences joined with spaces, paragraphs with a blank line: how every protocol lays out a search answer. */
export function sentenceSeparator(paragraph: number, sentence: number): string {
  if (sentence > 0) return ' ';
  return paragraph > 0 ? '\n\n' : '';
}

/** A stable stand-in for a provider's opaque tokens (encrypted content, encrypted indices). */
export function opaqueToken(...parts: string[]): string {
  return Buffer.from(parts.join('|')).toString('base64url');
}

/** What an engine says when it declines to answer. */
export const REFUSAL_TEXT = "I'm sorry, but I can't help with that request.";

/** The first `share` of a text's words: an answer cut off by its output budget. */
export function cutShort(text: string, share = 0.4): string {
  const words = text.split(' ');
  return words.slice(0, Math.max(1, Math.floor(words.length * share))).join(' ');
}
