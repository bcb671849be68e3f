/**
 * Turns a large JSON request body (bytes) into its value, and the top-level fields named as
 * base64 into the bytes they carry. Pure and synchronous: the large-body parser runs it on a
 * worker thread (json-body-worker.ts), so that neither the 13 MB of text nor the parse reach the
 * event loop that answers requests, and inline for small bodies.
 */

/** Why a body was refused; `type` follows body-parser's names where they exist. */
export class BodyDecodingError extends Error {
  constructor(
    readonly type: 'entity.parse.failed' | 'entity.field.invalid',
    message: string,
  ) {
    super(message);
  }
}

export interface DecodedJsonBody {
  value: unknown;
  /** The base64 fields that held text, decoded; the caller puts them back into `value`. */
  binaries: Record<string, Uint8Array>;
}

/** What a decoding answers, on the thread or inline: the body, or why it was refused. */
export type JsonBodyResult =
  | ({ ok: true; taken?: Record<string, unknown> } & DecodedJsonBody)
  | { ok: false; type: BodyDecodingError['type'] | 'request.aborted'; message: string };

/** decodeJsonBody, with a refusal as a result rather than an exception. */
export function decodeJsonBodyResult(bytes: Uint8Array, base64Fields: readonly string[]): JsonBodyResult {
  try {
    return { ok: true, ...decodeJsonBody(bytes, base64Fields) };
  } catch (error) {
    if (error instanceof BodyDecodingError) return { ok: false, type: error.type, message: error.message };
    throw error;
  }
}

/** No body the services accept nests this deep; deeper input would make class-transformer recurse until the stack runs out. */
export const MAX_BODY_DEPTH = 8;
export const TOO_DEEP_MESSAGE = 'The request body is nested too deeply.';
/**
 * No route takes more than a few dozen fields. A body holding thousands made validation write a
 * sentence per unknown field, in time growing with the square of their number (100,000 keys held
 * the event loop for seconds); past this many, it is refused before anything looks at its fields.
 */
export const MAX_BODY_VALUES = 1000;
export const TOO_MANY_VALUES_MESSAGE = `The request body holds more than ${MAX_BODY_VALUES.toLocaleString('en-GB')} fields and values; no request here takes that many.`;

/** Objects and arrays from JSON, not the Buffers that decoded base64 fields arrive as. */
function isContainer(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !ArrayBuffer.isView(value);
}

/**
 * Why a parsed body cannot be taken whatever its route: nested deeper than MAX_BODY_DEPTH, or
 * holding more than MAX_BODY_VALUES keys and items in all. Stops at the first of the two it
 * meets, so its work is bounded by the limits, not by the body.
 */
export function bodyShapeProblem(value: unknown): string | undefined {
  let budget = MAX_BODY_VALUES;
  const pending: [node: unknown, depth: number][] = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [node, depth] = next;
    if (!isContainer(node)) continue;
    if (depth >= MAX_BODY_DEPTH) return TOO_DEEP_MESSAGE;
    for (const key in node) {
      if (--budget < 0) return TOO_MANY_VALUES_MESSAGE;
      pending.push([node[key], depth + 1]);
    }
  }
  return undefined;
}

/** How much of a base64 field is looked at to recognise a data: URL. */
const HEAD_CHARS = 64;

export function decodeJsonBody(bytes: Uint8Array, base64Fields: readonly string[]): DecodedJsonBody {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  if (text.trim() === '') return { value: {}, binaries: {} };
  if (!/^\s*[{[]/.test(text.slice(0, HEAD_CHARS))) throw new BodyDecodingError('entity.parse.failed', 'The request body is not valid JSON.');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyDecodingError('entity.parse.failed', 'The request body is not valid JSON.');
  }
  // Refused here, as the validation pipe would: a value thousands of levels deep cannot even be
  // passed back from the decoding thread (structured clone runs out of stack, and the task hangs),
  // and one of a million keys would take the request thread a long time to receive.
  const problem = bodyShapeProblem(value);
  if (problem) throw new BodyDecodingError('entity.field.invalid', problem);
  const binaries: Record<string, Uint8Array> = {};
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
    const fields = value as Record<string, unknown>;
    for (const field of base64Fields) {
      const fieldValue = Object.hasOwn(fields, field) ? fields[field] : undefined;
      // Anything but non-empty text is left for the route's validation to name.
      if (typeof fieldValue !== 'string' || fieldValue.trim() === '') continue;
      binaries[field] = decodeBase64Field(field, fieldValue);
      delete fields[field];
    }
  }
  return { value, binaries };
}

/**
 * Standard base64 (RFC 4648 §4) with optional padding and trailing white space; a data: URL is
 * refused with a sentence that says what to send instead. Buffer.from skips characters outside
 * the alphabet, so the decoded length is checked against the text's.
 */
export function decodeBase64Field(field: string, value: string): Uint8Array {
  if (/^\s*data:/i.test(value.slice(0, HEAD_CHARS))) {
    throw new BodyDecodingError('entity.field.invalid', `Send ${field} without the "data:...;base64," prefix.`);
  }
  const text = value.trimEnd();
  const bytes = Buffer.from(text, 'base64');
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const expectedLength = Math.floor((text.length * 3) / 4) - padding;
  if (text.length % 4 === 1 || bytes.length !== expectedLength || !/^[A-Za-z0-9+/]/.test(text)) {
    throw new BodyDecodingError('entity.field.invalid', `${field} is not valid base64.`);
  }
  return bytes;
}
