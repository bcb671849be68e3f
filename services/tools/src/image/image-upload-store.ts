import { randomUUID } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';

/**
 * The visitor's upload waits for the worker in a Redis key of its own, as raw bytes, not inside
 * the job: as base64 in the job's JSON, a 10 MB photo held the API's event loop for about 100 ms
 * while BullMQ serialised it, and again each time the API read the job back (make bench, image
 * path). Raw bytes are written as they are. The key expires when nobody waits for the answer any more.
 */
const KEY_PREFIX = 'tools:image-upload:';

type RedisClient = Redis | Cluster;

export async function storeImageUpload(redis: RedisClient, bytes: Buffer, ttlMs: number): Promise<string> {
  const key = `${KEY_PREFIX}${randomUUID()}`;
  await redis.set(key, bytes, 'PX', ttlMs);
  return key;
}

/** The stored upload, or null when it has expired or was already normalised. */
export function loadImageUpload(redis: RedisClient, key: string): Promise<Buffer | null> {
  return redis.getBuffer(key);
}

export async function discardImageUpload(redis: RedisClient, key: string): Promise<void> {
  await redis.del(key);
}
