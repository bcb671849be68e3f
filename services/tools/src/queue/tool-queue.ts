import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { HttpException, Inject, Injectable, type OnModuleDestroy, ServiceUnavailableException } from '@nestjs/common';
import { currentRequestId } from '@agency/server-kit';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { modelCallsPerJob } from '../jobs/model-calls.js';
import { TOOL_JOB_OPTIONS, type ToolAnswers, type ToolJobData, type ToolJobName } from '../jobs/tool-jobs.js';
import { DailyModelCalls } from '../rate-limit/daily-model-calls.js';
import { JobResults } from './job-results.js';
import { QueueConnection } from './queue-connection.js';
import { ToolQueueEvents } from './tool-queue-events.js';

export const QUEUE_BUSY_MESSAGE = 'Our analysis tools are busy right now. Please try again in a minute.';
export const QUEUE_DOWN_MESSAGE = 'Our analysis tools are temporarily unavailable. Please try again shortly.';
export const RESTARTING_MESSAGE = 'The tools service is restarting. Please try again.';
export const NO_MODELS_MESSAGE = 'Our analysis tools are not available on this server: no AI model is configured. Please try again later.';

const DEPTH_CACHE_MS = 250;

/**
 * How the tools' controllers run a job: refused at once when Redis is down, the queue is full or
 * the process is stopping; otherwise enqueued, and answered with the job's result within the
 * tool's deadline.
 */
@Injectable()
export class ToolQueue implements OnModuleDestroy {
  /** Set when the process starts to stop: no new jobs, the waiting requests get their answers. */
  private closing = false;
  /** Waiting jobs as last read from Redis, plus those this process added since. */
  private depth = { waiting: 0, addedSince: 0, readAt: 0 };
  private depthRead: Promise<void> | undefined;

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly connection: QueueConnection,
    private readonly results: JobResults,
    private readonly events: ToolQueueEvents,
    private readonly dailyCalls: DailyModelCalls,
  ) {}

  /** A provider key, or demo mode (which sets one for every provider). */
  get modelsConfigured(): boolean {
    return Object.values(this.config.providers).some((provider) => Boolean(provider.apiKey));
  }

  get stopping(): boolean {
    return this.closing;
  }

  /**
   * Enqueues a job and resolves with its answer; rejects with an HTTP exception otherwise. Runs
   * after validation, so only a request that will be queued takes from the daily ceiling.
   */
  async run<N extends ToolJobName>(name: N, data: ToolJobData<N>): Promise<ToolAnswers[N]> {
    // Without a model a job could only store an empty result.
    if (modelCallsPerJob(name, 1) > 0 && !this.modelsConfigured) throw new ServiceUnavailableException(NO_MODELS_MESSAGE);
    // BullMQ waits for a connection that is down instead of failing; answer 503 at once instead.
    if (!this.connection.ready) throw new ServiceUnavailableException(QUEUE_DOWN_MESSAGE);
    await this.refuseWhenBusy();
    const calls = await this.dailyCalls.reserve(name);
    // Checked after the last await before the waiter exists, so that a stopping process waits for it.
    if (this.closing) {
      await this.dailyCalls.release(calls).catch(() => undefined);
      throw new ServiceUnavailableException(RESTARTING_MESSAGE);
    }
    const jobId = randomUUID();
    const finished = this.results.wait(jobId, name, this.config.toolDeadlineMs[name]);
    try {
      const requestId = currentRequestId();
      await this.connection.queue.add(name, requestId ? { ...data, requestId } : data, { jobId, ...TOOL_JOB_OPTIONS });
    } catch (error) {
      this.results.abandon(jobId);
      await this.dailyCalls.release(calls).catch(() => undefined);
      throw error;
    }
    const result = await finished;
    if (result.ok) return result.answer as ToolAnswers[N];
    throw new HttpException(result.message, result.status);
  }

  async ping(): Promise<void> {
    await this.connection.redis.ping();
  }

  /**
   * A restart must not turn a finished job into an error: requests already waiting keep the
   * subscription until they settle (each within its own deadline), new ones are refused. Only
   * when Redis is down, and nothing can finish, are the waiting requests answered 503 at once.
   */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    while (this.results.pending > 0 && this.connection.ready) await sleep(50);
    this.results.rejectAll(RESTARTING_MESSAGE);
    await Promise.all([this.events.close(), this.connection.close()]);
  }

  /** Jobs waiting for a worker, read at most every 250 ms (concurrent callers share one read). */
  private async refuseWhenBusy(): Promise<void> {
    if (!this.depthRead && Date.now() - this.depth.readAt > DEPTH_CACHE_MS) {
      this.depthRead = this.connection.queue
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
}
