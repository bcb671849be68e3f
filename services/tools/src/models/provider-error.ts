import { ModelCallError } from './model-request.js';

interface HttpishError {
  status?: unknown;
  name?: unknown;
  message?: unknown;
  headers?: unknown;
  cause?: unknown;
}

const MAX_HONOURED_RETRY_AFTER_MS = 10_000;

/**
 * Turns whatever an SDK threw into a readable, classified error. Status codes come from each SDK's
 * error `status` (OpenAI's and Anthropic's APIError, Gemini's ApiError), or from a message such as
 * "[429 Too Many Requests]" as a fallback.
 */
export function classifyProviderError(error: unknown, label: string): ModelCallError {
  if (error instanceof ModelCallError) return error;
  const details = (error ?? {}) as HttpishError;
  const message = typeof details.message === 'string' ? details.message : String(error);
  const status = typeof details.status === 'number' ? details.status : statusInMessage(message);
  if (status === 429) {
    return new ModelCallError(`${label} is rate-limited right now (429).`, true, retryAfterMs(details.headers));
  }
  if (status === 401 || status === 403) {
    return new ModelCallError(`${label} refused the API key (${status}).`, false);
  }
  if (status !== undefined && status >= 500) {
    return new ModelCallError(`${label} had a server error (${status}).`, true, retryAfterMs(details.headers));
  }
  if (status !== undefined && status >= 400) {
    return new ModelCallError(`${label} rejected the request (${status}).`, false);
  }
  if (details.name === 'CutOffError') {
    return new ModelCallError(`${label} ran out of room before it could answer.`, false);
  }
  if (details.name === 'AnswerFormatError') {
    return new ModelCallError(`${label} sent an answer in an unexpected format.`, false);
  }
  if (details.name === 'SyntaxError' || /JSON|Unexpected token|parse/i.test(message)) {
    return new ModelCallError(`${label} sent an answer that could not be read.`, false);
  }
  return new ModelCallError(`${label} could not be reached.`, true);
}

function statusInMessage(message: string): number | undefined {
  const match = /\[(\d{3})\b/.exec(message);
  return match ? Number(match[1]) : undefined;
}

function retryAfterMs(headers: unknown): number | undefined {
  let value: string | null | undefined;
  if (headers && typeof (headers as Headers).get === 'function') value = (headers as Headers).get('retry-after');
  else if (headers && typeof headers === 'object') value = (headers as Record<string, string | undefined>)['retry-after'];
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return Number.isFinite(ms) && ms >= 0 ? Math.min(ms, MAX_HONOURED_RETRY_AFTER_MS) : undefined;
}

/** Thrown by answer checks when a model's text does not fit the expected shape. */
export class AnswerFormatError extends Error {
  override readonly name = 'AnswerFormatError';
}

/** Thrown when an answer was cut off before any of its text (the budget went on reasoning), even after the retry. */
export class CutOffError extends Error {
  override readonly name = 'CutOffError';
}
