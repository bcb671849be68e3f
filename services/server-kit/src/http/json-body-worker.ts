/**
 * Piscina task: receives one large JSON body in pieces on a MessagePort as it arrives, and
 * decodes it on this worker thread (json-body-decoding.ts). The decoded base64 fields go back
 * transferred, never copied. The request's thread never holds the whole body.
 */
import type { MessagePort } from 'node:worker_threads';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import type { BinaryIntake, BinaryIntakeHandler } from './binary-intake.js';
import { decodeJsonBodyResult, type JsonBodyResult } from './json-body-decoding.js';

export interface JsonBodyTask {
  /** Sends the body's pieces (Uint8Array), then `null` at its end; closing it first abandons the body. */
  body: MessagePort;
  base64Fields: readonly string[];
  /** Takes the decoded fields here; only its answers go back (binary-intake.ts). */
  intake?: BinaryIntake;
}

/** Each intake module is loaded once per thread. */
const handlers = new Map<string, Promise<BinaryIntakeHandler>>();
function intakeHandler(module: string): Promise<BinaryIntakeHandler> {
  let handler = handlers.get(module);
  if (!handler) {
    handler = import(module).then((loaded: { default: BinaryIntakeHandler }) => loaded.default);
    handlers.set(module, handler);
  }
  return handler;
}

export default async function decodeJsonBodyTask({ body, base64Fields, intake }: JsonBodyTask): Promise<JsonBodyResult | object> {
  const pieces: Uint8Array[] = [];
  const complete = await new Promise<boolean>((resolve) => {
    body.on('message', (piece: Uint8Array | null) => (piece === null ? resolve(true) : pieces.push(piece)));
    body.once('close', () => resolve(false));
  });
  body.close();
  if (!complete) return { ok: false, type: 'request.aborted', message: 'The request body could not be read.' };
  const result = decodeJsonBodyResult(Buffer.concat(pieces), base64Fields);
  pieces.length = 0;
  if (!result.ok) return result;
  if (intake) {
    const take = await intakeHandler(intake.module);
    const taken: Record<string, unknown> = {};
    for (const [field, data] of Object.entries(result.binaries)) {
      taken[field] = await take(field, Buffer.from(data.buffer, data.byteOffset, data.byteLength), intake.options);
    }
    return { ok: true, value: result.value, binaries: {}, taken } satisfies JsonBodyResult;
  }
  // Small buffers share Node's allocation pool: each result gets an ArrayBuffer of its own to move.
  const binaries = Object.fromEntries(
    Object.entries(result.binaries).map(([field, data]) => [field, data.byteOffset === 0 && data.buffer.byteLength === data.byteLength ? data : new Uint8Array(data)]),
  );
  const owned: JsonBodyResult = { ...result, binaries };
  return move({
    get [transferableSymbol]() {
      return Object.values(binaries).map((data) => data.buffer);
    },
    get [valueSymbol]() {
      return owned;
    },
  });
}
