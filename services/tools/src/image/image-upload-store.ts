import { randomUUID } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import { type Cluster, Redis } from 'ioredis';
import { blockingConnectionOptions } from '../jobs/redis-connections.js';

/**
 * The visitor's upload waits for the worker in a Redis key of its own, as raw bytes, not inside
 * the job: as base64 in the job's JSON, a 10 MB photo held the API's event loop for about 100 ms
 * while BullMQ serialised it, and again each time the API read the job back (make bench, image
 * path). Raw bytes are written as they are. The key expires when nobody waits for the answer any more.
 */
const KEY_PREFIX = 'tools:image-upload:';
/**
 * The upload goes to Redis in pieces: ioredis copies each command's arguments into one buffer
 * as it writes it, and a single 10 MB SET held the API's event loop for about 10 ms.
 */
const PIECE_BYTES = 512 * 1024;

type RedisClient = Redis | Cluster;

export async function storeImageUpload(redis: RedisClient, bytes: Buffer, ttlMs: number): Promise<string> {
  const key = `${KEY_PREFIX}${randomUUID()}`;
  // The first piece sets the expiry, so a half-written upload (the API stopped) still goes away.
  await redis.set(key, bytes.subarray(0, PIECE_BYTES), 'PX', ttlMs);
  for (let offset = PIECE_BYTES; offset < bytes.length; offset += PIECE_BYTES) {
    await redis.append(key, bytes.subarray(offset, offset + PIECE_BYTES));
  }
  return key;
}

/**
 * Gives a stored upload the request's whole deadline, once the request has passed its checks
 * (the intake stores it with a short expiry, before the rate limit and validation have run).
 * False when it is gone.
 */
export async function claimImageUpload(redis: RedisClient, key: string, ttlMs: number): Promise<boolean> {
  return (await redis.pexpire(key, ttlMs)) === 1;
}

/**
 * The worker's side of the store: reads an upload and deletes it once normalised, on a connection
 * of its own that waits for Redis to come back, as the worker's own connections do.
 */
export class ImageUploadReader implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(redisUrl: string) {
    const { url, ...options } = blockingConnectionOptions(redisUrl);
    this.redis = new Redis(url, options);
    this.redis.on('error', () => undefined);
  }

  /** The stored upload, or null when it has expired or was already normalised. */
  load(key: string): Promise<Buffer | null> {
    return this.redis.getBuffer(key);
  }

  async discard(key: string): Promise<void> {
    await this.redis.del(key);
  }

  /** Runs after the processor's worker has closed, so no job still reads. */
  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
