import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  GatewayTimeoutException,
  HttpException,
  Inject,
  Injectable,
  Logger,
  type OnModuleDestroy,
  type OnModuleInit,
  ServiceUnavailableException,
} from '@nestjs/common';
import { Job, Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { createRequestPathRedis, logRedisErrors } from '@agency/server-kit';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import {
  KEEP_FINISHED,
  requestDeadlineMs,
  TOOLS_QUEUE,
  type ToolAnswers,
  type ToolJobExtras,
  type ToolJobName,
  type ToolJobResult,
  type ToolPayloads,
} from '../jobs/tool-jobs.js';
import { ToolProgressHub } from '../progress/tool-progress.hub.js';

export const QUEUE_BUSY_MESSAGE = 'Our analysis tools are busy right now. Please try again in a minute.';
export const JOB_FAILED_MESSAGE = 'The analysis could not be completed. Please try again.';
export const QUEUE_DOWN_MESSAGE = 'Our analysis tools are temporarily unavailable. Please try again shortly.';
export const RESTARTING_MESSAGE = 'The tools service is restarting. Please try again.';

/** A waiter whose completion event has not arrived after this long is checked by reading the job. */
const LATE_EVENT_CHECK_MS = 2000;
const SWEEP_INTERVAL_MS = 1000;
const DEPTH_CACHE_MS = 250;

interface Waiter {
  name: ToolJobName;
  settle: (result: ToolJobResult<ToolJobName>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  nextCheckAt: number;
}

/**
 * Puts tool jobs on the queue and hands each finished job's result to the HTTP request that
 * is waiting for it. One QueueEvents subscription per API process dispatches to all waiters;
 * it starts at the stream's latest entry (never '$', which loses events right after start-up),
 * and a sweep reads the job itself when its event is late or was missed (trimmed stream,
 * reconnect). Results stay in Redis for a bounded age and count, so the read finds them.
 */
@Injectable()
export class ToolQueue implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('ToolQueue');
  private readonly redis: Redis;
  private readonly queue: Queue;
  private events: QueueEvents | undefined;
  private readonly waiters = new Map<string, Waiter>();
  private sweepTimer: NodeJS.Timeout | undefined;
  private sweeping = false;
  /** Set when the process starts to stop: no new jobs, the waiting requests get their answers. */
  private closing = false;
  /** Waiting jobs as last read from Redis, plus those this process added since. */
  private depth = { waiting: 0, addedSince: 0, readAt: 0 };
  private depthRead: Promise<void> | undefined;

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly progress: ToolProgressHub,
  ) {
    this.redis = createRequestPathRedis(config.redisUrl, 'tools-api-queue');
    logRedisErrors(this.redis, (message) => this.logger.warn(message));
    this.queue = new Queue(TOOLS_QUEUE, { connection: this.redis });
    this.queue.on('error', () => undefined);
  }

  /**
   * The completion subscription starts once Redis first answers: BullMQ's QueueEvents would
   * otherwise wait for a connection that never came, and keep reconnecting after close().
   * Requests are refused until then (run() needs a ready connection).
   */
  async onModuleInit(): Promise<void> {
    if (this.redis.status === 'ready') await this.subscribe();
    else this.redis.once('ready', () => void this.subscribe());
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
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
    this.events.on('completed', ({ jobId, returnvalue }) => {
      this.settle(jobId, parseReturnValue(returnvalue));
    });
    this.events.on('failed', ({ jobId, failedReason }) => {
      this.failFinally(jobId, failedReason);
    });
    this.events.on('progress', ({ data }, streamId) => this.progress.receive(data, streamId));
  }

  /**
   * A restart must not turn a finished job into an error: requests already waiting keep their
   * completion subscription until they settle (each within its own deadline), new ones are refused.
   * Only when Redis is down, and nothing can finish, are the waiting requests answered 503 at once.
   */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    while (this.waiters.size > 0 && this.redis.status === 'ready') await sleep(50);
    clearInterval(this.sweepTimer);
    for (const [jobId, waiter] of this.waiters) {
      clearTimeout(waiter.timer);
      waiter.reject(new ServiceUnavailableException(RESTARTING_MESSAGE));
      this.waiters.delete(jobId);
    }
    // BullMQ's close waits for Redis; during an outage the process must still stop, so whatever
    // has not closed in time is disconnected (which also ends its reconnect loop).
    await withinMs(Promise.all([this.events?.close(), this.queue.close()]), 3000);
    this.redis.disconnect();
  }

  get stopping(): boolean {
    return this.closing;
  }

  /**
   * Enqueues a job and resolves with its answer; rejects with an HTTP exception otherwise.
   * With a `progressId` the worker reports the job's progress for the page's stream (ToolProgressHub).
   */
  async run<N extends ToolJobName>(name: N, payload: ToolPayloads[N], extras: ToolJobExtras = {}): Promise<ToolAnswers[N]> {
    // BullMQ waits for a connection that is down instead of failing; answer 503 at once instead.
    if (this.redis.status !== 'ready') throw new ServiceUnavailableException(QUEUE_DOWN_MESSAGE);
    await this.refuseWhenBusy();
    // Checked after the last await before the waiter exists, so that a stopping process waits for it.
    if (this.closing) throw new ServiceUnavailableException(RESTARTING_MESSAGE);
    const jobId = randomUUID();
    const deadlineMs = requestDeadlineMs(name, this.config.modelDeadlineMs, this.config.queueWaitMs);
    const finished = new Promise<ToolJobResult<ToolJobName>>((settle, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(jobId);
        reject(new GatewayTimeoutException('The analysis took too long to finish. Please try again in a moment.'));
      }, deadlineMs);
      this.waiters.set(jobId, { name, settle, reject, timer, nextCheckAt: Date.now() + LATE_EVENT_CHECK_MS });
    });
    try {
      await this.queue.add(name, { ...payload, ...extras }, {
        jobId,
        attempts: 2,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: KEEP_FINISHED.completed,
        removeOnFail: KEEP_FINISHED.failed,
      });
    } catch (error) {
      this.forget(jobId);
      throw error;
    }
    const result = await finished;
    if (result.ok) return result.answer as ToolAnswers[N];
    throw new HttpException(result.message, result.status);
  }

  async ping(): Promise<void> {
    await this.redis.ping();
  }

  /** Jobs waiting for a worker, read at most every 250 ms (concurrent callers share one read). */
  private async refuseWhenBusy(): Promise<void> {
    if (!this.depthRead && Date.now() - this.depth.readAt > DEPTH_CACHE_MS) {
      this.depthRead = this.queue
        .getWaitingCount()
        .then((waiting) => {
          this.depth = { waiting, addedSince: 0, readAt: Date.now() };
        })
        .finally(() => {
          this.depthRead = undefined;
        });
    }
    if (this.depthRead) await this.depthRead;
    if (this.depth.waiting + this.depth.addedSince >= this.config.maxQueueDepth) {
      throw new ServiceUnavailableException(QUEUE_BUSY_MESSAGE);
    }
    this.depth.addedSince++;
  }

  private settle(jobId: string, result: ToolJobResult<ToolJobName> | undefined): void {
    const waiter = this.forget(jobId);
    if (!waiter) return;
    if (result && typeof result === 'object' && 'ok' in result) waiter.settle(result);
    else waiter.reject(new HttpException(JOB_FAILED_MESSAGE, 502));
  }

  private failFinally(jobId: string, reason: string): void {
    const waiter = this.forget(jobId);
    if (!waiter) return;
    this.logger.warn(`job ${jobId} (${waiter.name}) failed: ${reason}`);
    waiter.reject(new HttpException(JOB_FAILED_MESSAGE, 502));
  }

  private forget(jobId: string): Waiter | undefined {
    const waiter = this.waiters.get(jobId);
    if (!waiter) return undefined;
    clearTimeout(waiter.timer);
    this.waiters.delete(jobId);
    return waiter;
  }

  /** Reads the jobs whose completion event is late: finished ones are settled from their stored state. */
  private async sweep(): Promise<void> {
    if (this.sweeping || this.waiters.size === 0 || this.redis.status !== 'ready') return;
    this.sweeping = true;
    try {
      const now = Date.now();
      const due = [...this.waiters].filter(([, waiter]) => waiter.nextCheckAt <= now);
      for (const [jobId, waiter] of due) {
        waiter.nextCheckAt = now + LATE_EVENT_CHECK_MS;
        const job = await Job.fromId(this.queue, jobId);
        if (!job) continue;
        if (job.finishedOn && job.returnvalue !== undefined && job.returnvalue !== null) {
          this.settle(jobId, job.returnvalue as ToolJobResult<ToolJobName>);
        } else if (job.finishedOn && job.failedReason && (await job.getState()) === 'failed') {
          this.failFinally(jobId, job.failedReason);
        }
      }
    } catch {
      // Redis is unreachable; the next sweep tries again and the request deadline still holds.
    } finally {
      this.sweeping = false;
    }
  }

  /** BullMQ loses jobs when Redis may evict keys (REFERENCE.md): say so loudly at start. */
  private async warnAboutEviction(): Promise<void> {
    try {
      const [, policy] = (await this.redis.config('GET', 'maxmemory-policy')) as [string, string];
      if (policy !== 'noeviction') {
        this.logger.error(`Redis maxmemory-policy is "${policy}": queued jobs can be evicted and lost. Set maxmemory-policy noeviction.`);
      }
    } catch {
      // CONFIG may be disabled on managed Redis; nothing to check then.
    }
  }

  /**
   * Where the completion-event subscription starts: the stream's latest entry. When that cannot be
   * read, from the start of the (trimmed) stream: replaying old events is harmless, missing new ones is not.
   */
  private async latestEventId(): Promise<string> {
    try {
      const key = `${this.queue.opts.prefix ?? 'bull'}:${TOOLS_QUEUE}:events`;
      const [latest] = await this.redis.xrevrange(key, '+', '-', 'COUNT', 1);
      return latest?.[0] ?? '0-0';
    } catch (error) {
      this.logger.warn(`could not read the events stream position (${String(error)}); reading the stream from its start`);
      return '0-0';
    }
  }
}

/** Waits for `work`, or `ms` at most; never rejects. */
export async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
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

/** Connection settings for BullMQ's blocking readers (QueueEvents, Worker): they wait for Redis to come back. */
export function blockingConnectionOptions(redisUrl: string): {
  url: string;
  maxRetriesPerRequest: null;
  retryStrategy: (attempt: number) => number;
} {
  return { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) };
}
