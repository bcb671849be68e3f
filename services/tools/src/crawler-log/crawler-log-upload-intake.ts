import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import busboy from 'busboy';
import type { Request } from 'express';
import type { Cluster, Redis } from 'ioredis';
import { CRAWLER_LOG_MAX_BYTES, CRAWLER_LOG_TOO_LARGE } from '@agency/shared';
import { CrawlerLogUploadWriter } from './crawler-log-upload-store.js';

export const UNREADABLE_UPLOAD = 'The upload could not be read: send the log as a file in a multipart/form-data form.';
export const NO_LOG_FILE = 'Please choose an access log file to upload.';
export const EMPTY_LOG_FILE = 'The log file is empty.';
/** The form's other parts (the address, the site, the boundaries) take at most this beside the file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;

export interface ReceivedUpload {
  fields: Partial<Record<'email' | 'site', string>>;
  fileName: string | null;
  /** The Redis list holding the file, already written. */
  uploadKey: string;
  bytes: number;
}

/**
 * Reads POST /api/crawler-logs as it arrives: the `log` file goes to Redis piece by piece (the
 * request is paused while a piece is written, so a fast client cannot fill memory); `email` and
 * `site` are kept; anything else is read and dropped. `checkFields` runs as soon as the file
 * starts, so a form with a bad address is refused before its file is stored.
 */
export function receiveCrawlerLogUpload(
  req: Request,
  redis: Redis | Cluster,
  ttlMs: number,
  checkFields: (fields: ReceivedUpload['fields']) => void,
): Promise<ReceivedUpload> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > CRAWLER_LOG_MAX_BYTES + FORM_OVERHEAD_BYTES) return Promise.reject(new PayloadTooLargeException(CRAWLER_LOG_TOO_LARGE));
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: req.headers,
      limits: { files: 1, fields: 4, parts: 6, fieldSize: 4096, fileSize: CRAWLER_LOG_MAX_BYTES, headerPairs: 20 },
    });
  } catch {
    return Promise.reject(new BadRequestException(UNREADABLE_UPLOAD));
  }
  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: ReceivedUpload['fields'] = {};
    let writer: CrawlerLogUploadWriter | undefined;
    let fileName: string | null = null;
    let stored: Promise<void> | undefined;
    let failure: HttpException | undefined;
    let settled = false;

    const fail = (error: HttpException): void => {
      failure ??= error;
    };
    const finish = async (): Promise<void> => {
      if (settled) return;
      settled = true;
      try {
        await stored;
      } catch (error) {
        fail(error instanceof HttpException ? error : new BadRequestException(UNREADABLE_UPLOAD));
      }
      if (!failure && !writer) failure = new BadRequestException(NO_LOG_FILE);
      if (!failure && writer!.bytes === 0) failure = new BadRequestException(EMPTY_LOG_FILE);
      if (!failure) {
        try {
          checkFields(fields);
        } catch (error) {
          failure = error instanceof HttpException ? error : new BadRequestException(UNREADABLE_UPLOAD);
        }
      }
      if (failure) {
        await writer?.discard().catch(() => undefined);
        reject(failure);
        return;
      }
      resolve({ fields, fileName, uploadKey: writer!.key, bytes: writer!.bytes });
    };

    parser.on('field', (name, value) => {
      if (name === 'email' || name === 'site') fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      if (name !== 'log' || writer || failure) {
        stream.resume();
        return;
      }
      if (fields.email !== undefined) {
        try {
          checkFields(fields);
        } catch (error) {
          fail(error instanceof HttpException ? error : new BadRequestException(UNREADABLE_UPLOAD));
          stream.resume();
          return;
        }
      }
      const upload = new CrawlerLogUploadWriter(redis, ttlMs);
      writer = upload;
      fileName = info.filename ? info.filename.slice(0, 200) : null;
      stored = (async () => {
        for await (const chunk of stream as AsyncIterable<Buffer>) {
          if (failure) continue;
          await upload.write(chunk);
        }
        if ((stream as { truncated?: boolean }).truncated) throw new PayloadTooLargeException(CRAWLER_LOG_TOO_LARGE);
        await upload.flush();
      })();
      // Settled in finish(); a rejection before then must not count as unhandled.
      stored.catch(() => undefined);
    });
    parser.on('close', () => void finish());
    parser.on('error', () => {
      fail(new BadRequestException(UNREADABLE_UPLOAD));
      req.unpipe(parser);
      req.resume();
      void finish();
    });
    req.on('aborted', () => {
      fail(new BadRequestException(UNREADABLE_UPLOAD));
      void finish();
    });
    req.pipe(parser);
  });
}
