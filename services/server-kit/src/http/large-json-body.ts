import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import express, { type Request, type Response } from 'express';
import { Piscina } from 'piscina';
import { type BinaryIntake, TakenBinary } from './binary-intake.js';
import { decodeJsonBodyResult, type JsonBodyResult } from './json-body-decoding.js';
import type { JsonBodyTask } from './json-body-worker.js';

/** Bodies up to this size are decoded inline: a worker thread's round trip costs more than they do. */
const INLINE_BYTES = 64 * 1024;

/**
 * One pool of body-decoding threads per process, started on the first large body. Two threads
 * at most: the decoding is short, and the request path must keep a core for itself.
 */
let pool: Piscina | undefined;
function bodyDecodingPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./json-body-worker.js', import.meta.url).href,
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    // A task mostly waits for its body's pieces: one thread gathers several uploads at once.
    concurrentTasksPerWorker: 8,
    idleTimeout: 60_000,
  });
  return pool;
}

/** Stops the decoding threads (tests and graceful shutdown; a new pool starts when needed). */
export async function closeBodyDecodingPool(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.close({ force: true });
}

/**
 * A large JSON body (an image as base64) goes to a worker thread as it arrives and is decoded
 * there, where the named base64 fields also become bytes: the event loop never holds the 13 MB
 * of text, its parse or its decoding (make bench, image path: blocks of up to 200 ms while it
 * did). Same rules and error types as express.json: UTF-8 only, an object or array, empty means
 * {}. The decoded fields are Buffers in `req.body`; with an `intake`, every body goes to the
 * thread and the fields are what the intake answered there, as TakenBinary.
 */
export function largeJsonParser(limit: number, base64Fields: readonly string[] = [], intake?: BinaryIntake): express.RequestHandler {
  // Compressed bodies (browsers never send them) are inflated by body-parser, on the event loop.
  const inflate = express.raw({ type: 'application/json', limit });
  const readCompressed = (req: Request, res: Response): Promise<void> =>
    new Promise((resolve, reject) => {
      inflate(req, res, (error?: unknown) => {
        if (error === undefined) resolve();
        else reject(error instanceof Error ? error : bodyError('request.aborted', 400));
      });
    });
  return (req, res, next) => {
    if (!req.is('application/json')) return next();
    const charset = /;\s*charset=("?)([^";]+)\1/i.exec(req.headers['content-type'] ?? '')?.[2]?.toLowerCase();
    if (charset !== undefined && charset !== 'utf-8' && charset !== 'utf8') {
      req.resume();
      return next(bodyError('charset.unsupported', 415));
    }
    const encoding = (req.headers['content-encoding'] ?? 'identity').toLowerCase();
    const decoded =
      encoding === 'identity'
        ? readAndDecode(req, limit, base64Fields, intake)
        : readCompressed(req, res).then(() => (Buffer.isBuffer(req.body) ? decodeRead([req.body], req.body.length, base64Fields, intake) : undefined));
    decoded
      .then((result) => {
        if (result) req.body = bodyFrom(result);
        next();
      })
      .catch(next);
  };
}

/**
 * Reads the body as it arrives: small bodies are decoded inline, larger ones are handed piece by
 * piece to a decoding thread, so no turn of this event loop copies, joins, decodes or parses the
 * whole upload. The size rules and errors are raw-body's (413 over the limit, 400 when the body
 * is cut short or longer than announced).
 */
function readAndDecode(req: Request, limit: number, base64Fields: readonly string[], intake: BinaryIntake | undefined): Promise<JsonBodyResult> {
  const declared = req.headers['content-length'] === undefined ? undefined : Number(req.headers['content-length']);
  if (declared !== undefined && declared > limit) {
    req.resume();
    return Promise.reject(bodyError('entity.too.large', 413));
  }
  const thread = declared !== undefined && (declared > INLINE_BYTES || intake) ? startThreadDecoding(base64Fields, intake) : undefined;
  thread?.result.catch(() => undefined);
  return new Promise((resolve, reject) => {
    const pieces: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (error?: Error): void => {
      if (settled) return;
      settled = true;
      req.off('data', onData).off('end', onEnd).off('aborted', onAborted).off('close', onClose).off('error', finish);
      if (error) {
        thread?.port.close();
        req.resume();
        reject(error);
      } else if (thread) {
        thread.port.postMessage(null);
        thread.port.close();
        thread.result.then(resolve, reject);
      } else {
        decodeRead(pieces, received, base64Fields, intake).then(resolve, reject);
      }
    };
    const onData = (piece: Buffer): void => {
      if (received + piece.length > (declared ?? limit)) {
        finish(bodyError(declared === undefined ? 'entity.too.large' : 'request.size.invalid', declared === undefined ? 413 : 400));
        return;
      }
      received += piece.length;
      if (thread) sendPiece(thread.port, piece);
      else pieces.push(piece);
    };
    const onEnd = (): void => finish(declared !== undefined && received !== declared ? bodyError('request.size.invalid', 400) : undefined);
    const onAborted = (): void => finish(bodyError('request.aborted', 400));
    const onClose = (): void => finish(req.complete ? undefined : bodyError('request.aborted', 400));
    req.on('data', onData).on('end', onEnd).on('aborted', onAborted).on('close', onClose).on('error', finish);
  });
}

/** A decoding task on the pool: post the body's pieces to `port`, then `null`; closing it first abandons the task. */
function startThreadDecoding(base64Fields: readonly string[], intake: BinaryIntake | undefined): { port: MessagePort; result: Promise<JsonBodyResult> } {
  const { port1, port2 } = new MessageChannel();
  const task: JsonBodyTask = { body: port2, base64Fields, ...(intake ? { intake } : {}) };
  return { port: port1, result: bodyDecodingPool().run(task, { transferList: [port2] }) as Promise<JsonBodyResult> };
}

/** A body already read whole (compressed, or sent without a Content-Length): small ones inline unless taken, the rest on the thread. */
async function decodeRead(pieces: Buffer[], size: number, base64Fields: readonly string[], intake: BinaryIntake | undefined): Promise<JsonBodyResult> {
  if (size <= INLINE_BYTES && !intake) return decodeJsonBodyResult(Buffer.concat(pieces, size), base64Fields);
  const thread = startThreadDecoding(base64Fields, intake);
  for (const piece of pieces) sendPiece(thread.port, piece);
  thread.port.postMessage(null);
  thread.port.close();
  return thread.result;
}

/**
 * Moves a piece of the body to the decoding thread instead of copying it: one copy fewer of each
 * upload's 13 MB. Node copies each body chunk out of the socket's read buffer into an ArrayBuffer
 * of its own (Node 20 and 24), so moving it takes nothing from anyone; a piece that shares its
 * memory (a view, a pooled buffer) is copied. (It does not spare this thread V8's
 * external-memory collections, which count the chunk when Node allocates it: the image route's
 * intake is what keeps the rest of an upload off this thread.)
 */
function sendPiece(port: MessagePort, piece: Buffer): void {
  const memory = piece.buffer;
  if (memory instanceof ArrayBuffer && piece.byteOffset === 0 && piece.byteLength === memory.byteLength) {
    try {
      port.postMessage(piece, [memory]);
      return;
    } catch {
      // Marked untransferable (Node's own pools): copied below.
    }
  }
  port.postMessage(piece);
}

/** The decoded body, with each decoded base64 field as a Buffer over the moved bytes. */
function bodyFrom(result: JsonBodyResult): unknown {
  if (!result.ok) throw bodyError(result.type, 400, result.message);
  const body = result.value;
  if (typeof body === 'object' && body !== null) {
    for (const [field, data] of Object.entries(result.binaries)) {
      (body as Record<string, unknown>)[field] = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
    }
    for (const [field, answer] of Object.entries(result.taken ?? {})) (body as Record<string, unknown>)[field] = new TakenBinary(answer);
  }
  return body;
}

function bodyError(type: string, status: number, message: string = type): Error {
  return Object.assign(new Error(message), { type, status, expose: true });
}
