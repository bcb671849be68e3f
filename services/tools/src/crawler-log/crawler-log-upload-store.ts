import { randomUUID } from 'node:crypto';
import type { OnApplicationShutdown } from '@nestjs/common';
import { type Cluster, Redis } from 'ioredis';
import { blockingConnectionOptions } from '../jobs/redis-connections.js';

/**
 * A visitor's log waits for the worker in Redis as a list of pieces, written as the upload
 * arrives and read back one piece at a time: neither the API nor the worker ever holds the file
 * whole. The list expires when nobody waits for the answer any more.
 */
const KEY_PREFIX = 'tools:crawler-log-upload:';
/** Pieces of about this size: bounded memory on both sides, few Redis round trips. */
export const UPLOAD_PIECE_BYTES = 256 * 1024;

type RedisClient = Redis | Cluster;

/** The API's side: pushes pieces into a new list, each push renewing the expiry. */
export class CrawlerLogUploadWriter {
  readonly key = `${KEY_PREFIX}${randomUUID()}`;
  private pending: Buffer[] = [];
  private pendingBytes = 0;
  bytes = 0;

  constructor(
    private readonly redis: RedisClient,
    private readonly ttlMs: number,
  ) {}

  async write(chunk: Buffer): Promise<void> {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    this.bytes += chunk.length;
    if (this.pendingBytes >= UPLOAD_PIECE_BYTES) await this.flush();
  }

  async flush(): Promise<void> {
    if (this.pendingBytes === 0) return;
    const piece = Buffer.concat(this.pending);
    this.pending = [];
    this.pendingBytes = 0;
    await this.redis.multi().rpush(this.key, piece).pexpire(this.key, this.ttlMs).exec();
  }

  async discard(): Promise<void> {
    this.pending = [];
    await this.redis.del(this.key);
  }
}

/** The worker's side: the pieces in order, on a connection of its own that waits for Redis to come back. */
export class CrawlerLogUploadReader implements OnApplicationShutdown {
  private readonly redis: Redis;

  constructor(redisUrl: string) {
    const { url, ...options } = blockingConnectionOptions(redisUrl);
    this.redis = new Redis(url, options);
    this.redis.on('error', () => undefined);
  }

  /** Whether the upload is still there (it expires with its request's deadline). */
  async exists(key: string): Promise<boolean> {
    return (await this.redis.exists(key)) === 1;
  }

  async *pieces(key: string): AsyncGenerator<Buffer> {
    for (let index = 0; ; index++) {
      const [piece] = await this.redis.lrangeBuffer(key, index, index);
      if (!piece) return;
      yield piece;
    }
  }

  async discard(key: string): Promise<void> {
    await this.redis.del(key);
  }

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }
}
