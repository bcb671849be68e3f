/**
 * The image route's intake (server-kit binary-intake.ts): runs on the tools API's body-decoding
 * thread with the decoded upload, checks it (size, magic bytes, header dimensions) and stores it
 * in Redis, and answers only a ticket. The request's thread never holds the 10 MB, nor the copy
 * ioredis makes to write it (make bench, image path: the event loop's longest block).
 * Kept light: no Nest, no config loading, one Redis connection per thread.
 */
import { Redis } from 'ioredis';
import { checkImageHeader, UnreadableImageError } from './image-normaliser.js';
import { imageUploadProblem, type UploadProblem } from './image-upload.js';
import { storeImageUpload } from './image-upload-store.js';

export interface ImageIntakeOptions {
  redisUrl: string;
  /** How long a stored upload waits for its request's controller to claim it (claimImageUpload). */
  unclaimedTtlMs: number;
}

/** What the controller receives in place of the bytes. */
export type ImageUploadTicket = { uploadKey: string } | { refused: UploadProblem } | { storeUnavailable: true };

let redis: Redis | undefined;
function redisFor(url: string): Redis {
  // Commands wait for the first connection (a new thread's), and fail after one retry when Redis is down.
  if (!redis) {
    redis = new Redis(url, { connectionName: 'tools-api-image-intake', maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 5000 });
    redis.on('error', () => undefined);
  }
  return redis;
}

export default async function takeImageUpload(_field: string, bytes: Buffer, options: unknown): Promise<ImageUploadTicket> {
  const { redisUrl, unclaimedTtlMs } = options as ImageIntakeOptions;
  const problem = imageUploadProblem(bytes);
  if (problem) return { refused: problem };
  try {
    await checkImageHeader(bytes);
  } catch (error) {
    if (error instanceof UnreadableImageError) return { refused: { status: 422, message: error.message } };
    throw error;
  }
  try {
    return { uploadKey: await storeImageUpload(redisFor(redisUrl), bytes, unclaimedTtlMs) };
  } catch {
    return { storeUnavailable: true };
  }
}
