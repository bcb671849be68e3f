import { Inject, Injectable, Logger } from '@nestjs/common';
import { Job, Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createRequestPathRedis, logRedisErrors } from '@agency/server-kit';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { queueTelemetry } from '../jobs/queue-telemetry.js';
import { withinMs } from '../jobs/redis-connections.js';
import { TOOLS_QUEUE, type ToolJobName, type ToolJobResult } from '../jobs/tool-jobs.js';

/**
 * The API's connection to the tools queue: one request-path Redis client (it fails fast instead
 * of queueing commands while Redis is down) and the BullMQ Queue on it.
 */
@Injectable()
export class QueueConnection {
  readonly redis: Redis;
  readonly queue: Queue;

  constructor(@Inject(TOOLS_CONFIG) config: ToolsConfig) {
    this.redis = createRequestPathRedis(config.redisUrl, 'tools-api-queue');
    const logger = new Logger('ToolQueue');
    logRedisErrors(this.redis, (message) => logger.warn(message));
    this.queue = new Queue(TOOLS_QUEUE, { connection: this.redis, telemetry: queueTelemetry() });
    this.queue.on('error', () => undefined);
  }

  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** A job's stored state, or undefined once it has been removed. */
  async readJob(jobId: string): Promise<Job<unknown, ToolJobResult<ToolJobName>> | undefined> {
    return Job.fromId(this.queue, jobId);
  }

  /** BullMQ's close waits for Redis; during an outage the process must still stop, so the client is cut after 3 s. */
  async close(): Promise<void> {
    await withinMs(this.queue.close(), 3000);
    this.redis.disconnect();
  }
}
