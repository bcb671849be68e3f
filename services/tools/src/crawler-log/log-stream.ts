import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';

/** Why a log is refused, as the HTTP answer will say it. */
export class LogRefusal extends Error {
  constructor(
    readonly status: 400 | 413 | 422,
    message: string,
  ) {
    super(message);
  }
}

export interface LogStreamLimits {
  /** Decompressed bytes read at most: a small gzip file that inflates past it (a zip bomb) is refused. */
  maxDecompressedBytes: number;
  /** A line longer than this is skipped (and counted) without ever being held whole. */
  maxLineBytes: number;
}

export const LOG_STREAM_LIMITS: LogStreamLimits = { maxDecompressedBytes: 400 * 1024 * 1024, maxLineBytes: 16 * 1024 };

const GZIP_MAGIC = [0x1f, 0x8b];
/** Bytes of the start of the log looked at to tell text from a binary file. */
const SNIFF_BYTES = 4096;

/**
 * The log's bytes as they come, decompressed when the first bytes are gzip's, refused when they
 * inflate past the limit or are not text. `counted` receives the running byte total.
 */
export async function* logBytes(source: AsyncIterable<Buffer>, limits: LogStreamLimits, onGzip: () => void): AsyncGenerator<Buffer> {
  const iterator = source[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) return;
  const rest: AsyncIterable<Buffer> = { [Symbol.asyncIterator]: () => iterator };
  const head = first.value;
  let bytes: AsyncIterable<Buffer>;
  if (head[0] === GZIP_MAGIC[0] && head[1] === GZIP_MAGIC[1]) {
    onGzip();
    bytes = inflated(head, rest, limits.maxDecompressedBytes);
  } else {
    bytes = withHead(head, rest);
  }
  let total = 0;
  let sniffed = false;
  for await (const chunk of bytes) {
    if (!sniffed) {
      sniffed = true;
      if (looksBinary(chunk.subarray(0, SNIFF_BYTES))) {
        throw new LogRefusal(422, 'The file is not a text access log (it looks like a binary file). Upload the log as plain text or gzip.');
      }
    }
    total += chunk.length;
    if (total > limits.maxDecompressedBytes) throw new LogRefusal(413, tooLargeMessage(limits.maxDecompressedBytes));
    yield chunk;
  }
}

function tooLargeMessage(limit: number): string {
  return `The log is larger than ${Math.round(limit / 1024 / 1024)} MB once decompressed, so it was not read. Upload a shorter period.`;
}

async function* withHead(head: Buffer, rest: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  yield head;
  yield* rest;
}

async function* inflated(head: Buffer, rest: AsyncIterable<Buffer>, maxBytes: number): AsyncGenerator<Buffer> {
  // A small output buffer: each chunk of the inflated stream is handed on before the next is made.
  const gunzip = createGunzip({ chunkSize: 64 * 1024 });
  const input = Readable.from(withHead(head, rest));
  input.on('error', (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      // Checked here, not only by the caller, so inflating stops at once.
      if (total > maxBytes) throw new LogRefusal(413, tooLargeMessage(maxBytes));
      yield chunk;
    }
  } catch (error) {
    if (error instanceof LogRefusal) throw error;
    if ((error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw new LogRefusal(422, 'The gzip file is damaged or incomplete, so the log could not be read.');
    throw error;
  } finally {
    input.unpipe(gunzip);
    input.destroy();
    gunzip.destroy();
  }
}

/** NUL bytes, or more than one byte in ten a control character other than tab, CR and LF. */
export function looksBinary(sample: Buffer): boolean {
  let control = 0;
  for (const byte of sample) {
    if (byte === 0) return true;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d) control++;
  }
  return control * 10 > sample.length;
}

export type LogLine = { text: string } | { tooLong: true };

/**
 * Lines of the byte stream. A line over `maxLineBytes` is reported once as too long and its
 * bytes are dropped as they come, so memory stays bounded whatever the line's length.
 */
export async function* logLines(bytes: AsyncIterable<Buffer>, maxLineBytes: number): AsyncGenerator<LogLine> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let skipping = false;
  for await (const chunk of bytes) {
    let start = 0;
    while (start < chunk.length) {
      const end = chunk.indexOf(0x0a, start);
      const stop = end === -1 ? chunk.length : end;
      if (!skipping) {
        const piece = chunk.subarray(start, stop);
        if (pendingBytes + piece.length > maxLineBytes) {
          skipping = true;
          pending = [];
          pendingBytes = 0;
        } else if (end === -1) {
          // Copied: the chunk's buffer is not ours to keep.
          pending.push(Buffer.from(piece));
          pendingBytes += piece.length;
        } else {
          const line = pendingBytes === 0 ? piece : Buffer.concat([...pending, piece]);
          pending = [];
          pendingBytes = 0;
          yield { text: line.toString('utf8') };
        }
      }
      if (end === -1) break;
      if (skipping) {
        skipping = false;
        yield { tooLong: true };
      }
      start = end + 1;
    }
  }
  if (skipping) yield { tooLong: true };
  else if (pendingBytes > 0) yield { text: Buffer.concat(pending).toString('utf8') };
}
