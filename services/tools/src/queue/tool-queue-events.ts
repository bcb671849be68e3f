import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { QueueEvents } from 'bullmq';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { blockingConnectionOptions, withinMs } from '../jobs/redis-connections.js';
import { TOOLS_QUEUE, type ToolJobName, type ToolJobResult } from '../jobs/tool-jobs.js';
import { ToolProgressHub } from '../progress/tool-progress.hub.js';
import { JobResults } from './job-results.js';
import { QueueConnection } from './queue-connection.js';

/**
 * The API process's one subscription to the queue's events stream: completions and failures go
 * to the waiting requests (JobResults), progress to the live-progress streams (ToolProgressHub).
 * It starts at the stream's latest entry, never '$', which loses the events of jobs added right
 * after start-up.
 */
@Injectable()
export class ToolQueueEvents implements OnModuleInit {
  private readonly logger = new Logger('ToolQueueEvents');
  private events: QueueEvents | undefined;

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly connection: QueueConnection,
    private readonly results: JobResults,
    private readonly progress: ToolProgressHub,
  ) {}

  /**
   * Subscribes once Redis first answers: BullMQ's QueueEvents would otherwise wait for a
   * connection that never came, and keep reconnecting after close().
   */
  onModuleInit(): void {
    if (this.connection.ready) void this.subscribe();
    else this.connection.redis.once('ready', () => void this.subscribe());
  }

  async close(): Promise<void> {
    await withinMs(this.events?.close() ?? Promise.resolve(), 3000);
  }

  private async subscribe(): Promise<void> {
    const lastEventId = await this.latestEventId();
    await this.warnAboutEviction();
    this.events = new QueueEvents(TOOLS_QUEUE, {
      connection: blockingConnectionOptions(this.config.redisUrl),
      lastEventId,
      blockingTimeout: 5000,
    });
    this.events.on('error', () => undefined);
    this.events.on('completed', ({ jobId, returnvalue }) => this.results.completed(jobId, parseReturnValue(returnvalue)));
    this.events.on('failed', ({ jobId, failedReason }) => this.results.failed(jobId, failedReason));
    this.events.on('progress', ({ data }, streamId) => this.progress.receive(data, streamId));
  }

  /** BullMQ loses jobs when Redis may evict keys: say so loudly at start. */
  private async warnAboutEviction(): Promise<void> {
    try {
      const [, policy] = (await this.connection.redis.config('GET', 'maxmemory-policy')) as [string, string];
      if (policy !== 'noeviction') {
        this.logger.error(`Redis maxmemory-policy is "${policy}": queued jobs can be evicted and lost. Set maxmemory-policy noeviction.`);
      }
    } catch {
      // CONFIG may be disabled on managed Redis; nothing to check then.
    }
  }

  /**
   * Where the subscription starts: the stream's latest entry. When that cannot be read, from the
   * start of the (trimmed) stream: replaying old events is harmless, missing new ones is not.
   */
  private async latestEventId(): Promise<string> {
    try {
      const key = `${this.connection.queue.opts.prefix ?? 'bull'}:${TOOLS_QUEUE}:events`;
      const [latest] = await this.connection.redis.xrevrange(key, '+', '-', 'COUNT', 1);
      return latest?.[0] ?? '0-0';
    } catch (error) {
      this.logger.warn(`could not read the events stream position (${String(error)}); reading the stream from its start`);
      return '0-0';
    }
  }
}

function parseReturnValue(value: unknown): ToolJobResult<ToolJobName> | undefined {
  if (typeof value === 'string') {
    try {
      return JSON.parse(value) as ToolJobResult<ToolJobName>;
    } catch {
      return undefined;
    }
  }
  return value as ToolJobResult<ToolJobName> | undefined;
}
