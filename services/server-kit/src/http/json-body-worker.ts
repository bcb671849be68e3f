/**
 * Piscina task: receives one large JSON body in pieces on a MessagePort as it arrives, and
 * decodes it on this worker thread (json-body-decoding.ts). The decoded base64 fields go back
 * transferred, never copied. The request's thread never holds the whole body.
 */
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { BodyDecodingError, decodeJsonBody } from './json-body-decoding.js';

export interface JsonBodyTask {
  /** Sends the body's pieces (Uint8Array), then `null` at its end; closing it first abandons the body. */
  body: MessagePort;
  base64Fields: readonly string[];
}

export type JsonBodyTaskResult =
  | { ok: true; value: unknown; binaries: Record<string, Uint8Array> }
  | { ok: false; type: BodyDecodingError['type'] | 'request.aborted'; message: string };

export default async function decodeJsonBodyTask({ body, base64Fields }: JsonBodyTask): Promise<JsonBodyTaskResult | object> {
  const pieces: Uint8Array[] = [];
  const complete = await new Promise<boolean>((resolve) => {
    body.on('message', (piece: Uint8Array | null) => (piece === null ? resolve(true) : pieces.push(piece)));
    body.once('close', () => resolve(false));
  });
  body.close();
  if (!complete) return { ok: false, type: 'request.aborted', message: 'The request body could not be read.' };
  try {
    const { value, binaries } = decodeJsonBody(Buffer.concat(pieces), base64Fields);
    pieces.length = 0;
    // Small buffers share Node's allocation pool: each result gets an ArrayBuffer of its own to move.
    const owned = Object.fromEntries(
      Object.entries(binaries).map(([field, data]) => [field, data.byteOffset === 0 && data.buffer.byteLength === data.byteLength ? data : new Uint8Array(data)]),
    );
    const result: JsonBodyTaskResult = { ok: true, value, binaries: owned };
    return move({
      get [transferableSymbol]() {
        return Object.values(owned).map((data) => data.buffer);
      },
      get [valueSymbol]() {
        return result;
      },
    });
  } catch (error) {
    if (error instanceof BodyDecodingError) return { ok: false, type: error.type, message: error.message };
    throw error;
  }
}
