/** A binary intake for the large-body tests: answers what it was given, in a few bytes. */
import { isMainThread } from 'node:worker_threads';

export default function countBytes(field: string, bytes: Buffer, options: unknown): Promise<unknown> {
  return Promise.resolve({ field, bytes: bytes.length, head: [...bytes.subarray(0, 4)], options, onDecodingThread: !isMainThread });
}
