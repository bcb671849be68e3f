/** One question to one model. Every provider adapter turns this into its own wire format. */
export interface ModelRequest {
  /** Instructions; never contains visitor text. */
  system: string;
  /** The visitor's or the fetched site's text, already marked as data by the caller. */
  user: string;
  image?: { mimeType: 'image/jpeg'; base64: string };
  /** Ask for JSON matching this JSON Schema (the answer is still checked in code). */
  json?: { name: string; schema: Record<string, unknown> };
  maxOutputTokens: number;
}

/** Why a provider produced no answer; the message is shown to visitors. */
export class ModelCallError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'ModelCallError';
  }
}
