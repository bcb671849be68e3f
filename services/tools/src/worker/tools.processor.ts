import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { runAudit } from '../audit/audit.runner.js';
import { stalledCheckIntervalMs, type ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import { DeadlineSignal } from '../jobs/deadline-signal.js';
import { runFanOut } from '../fan-out/fan-out.runner.js';
import { discardImageUpload, loadImageUpload } from '../image/image-upload-store.js';
import { runImageAnalysis } from '../image/image.runner.js';
import {
  requestDeadlineMs,
  TOOL_JOB_NAMES,
  TOOLS_QUEUE,
  type ToolJobExtras,
  workerName,
  type ToolJobName,
  type ToolJobResult,
  type ToolPayloads,
} from '../jobs/tool-jobs.js';
import { ModelFleet } from '../models/model-fleet.js';
import { jobFinished, type ProgressReporter, progressReporterFor } from '../progress/progress-reporter.js';
import { blockingConnectionOptions, JOB_FAILED_MESSAGE } from '../queue/tool-queue.js';
import { SiteCrawler } from '../website/site-crawler.js';

export const EXPIRED_MESSAGE = 'The analysis waited too long in the queue. Please try again.';

/** Runs every tool job; one class, switching on the job name (BullMQ has no named handlers). */
@Injectable()
export class ToolsProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('ToolsProcessor');
  /** Reads the image uploads the API stores beside their jobs; waits for Redis like the worker does. */
  private readonly uploads: Redis;

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    private readonly fleet: ModelFleet,
    private readonly records: ToolRecords,
    private readonly crawler: SiteCrawler,
    private readonly dataSource: DataSource,
  ) {
    super();
    const { url, ...options } = blockingConnectionOptions(config.redisUrl);
    this.uploads = new Redis(url, options);
    this.uploads.on('error', () => undefined);
  }

  onApplicationBootstrap(): void {
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.logger.log(
      `processing "${TOOLS_QUEUE}" jobs, ${this.config.workerConcurrency} at a time; ${this.fleet.configuredCount} of 4 providers configured`,
    );
  }

  /** In-flight jobs finish first (worker.close waits for them); only then does the database go. */
  async onApplicationShutdown(): Promise<void> {
    await this.worker.close();
    this.uploads.disconnect();
    await this.dataSource.destroy();
  }

  override async process(job: Job, _token?: string, cancelled?: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const name = job.name as ToolJobName;
    if (!TOOL_JOB_NAMES.includes(name)) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    const progress = progressReporterFor(job);
    try {
      const result = await this.run(name, job, progress, cancelled);
      progress.report(jobFinished(result));
      return result;
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1)) progress.report({ type: 'done', outcome: 'failed', message: JOB_FAILED_MESSAGE });
      throw error;
    } finally {
      await progress.flush();
    }
  }

  private async run(name: ToolJobName, job: Job, progress: ProgressReporter, cancelled?: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const remainingMs = requestDeadlineMs(name, this.config.modelDeadlineMs, this.config.queueWaitMs) - (Date.now() - job.timestamp);
    // Nobody is waiting for an answer any more: spend no model budget on it.
    if (remainingMs <= 0) return { ok: false, status: 504, message: EXPIRED_MESSAGE };
    progress.report({ type: 'started', tool: name });
    const deadline = new DeadlineSignal(remainingMs, cancelled);
    try {
      return await this.dispatch(name, job, progress, deadline.signal);
    } catch (error) {
      if (deadline.timedOut) return { ok: false, status: 504, message: EXPIRED_MESSAGE };
      throw error;
    } finally {
      deadline.dispose();
    }
  }

  private dispatch(name: ToolJobName, job: Job, progress: ProgressReporter, signal: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const jobId = String(job.id);
    switch (name) {
      case 'audit':
        return runAudit(jobId, job.data as ToolPayloads['audit'], this.fleet, this.records, progress, signal);
      case 'fan-out':
        return runFanOut(
          jobId,
          job.data as ToolPayloads['fan-out'],
          { fleet: this.fleet, crawler: this.crawler, records: this.records },
          progress,
          signal,
        );
      case 'image': {
        const { progressId } = job.data as ToolJobExtras;
        return runImageAnalysis(
          job.data as ToolPayloads['image'],
          this.fleet,
          this.records,
          {
            loadUpload: (key) => loadImageUpload(this.uploads, key),
            updatePayload: (payload) => job.updateData({ ...payload, progressId }),
            discardUpload: (key) => discardImageUpload(this.uploads, key),
          },
          progress,
          signal,
        );
      }
    }
  }
}

/**
 * The processor registered with BullMQ. Its worker options come from the validated config
 * (TOOLS_JOB_LOCK_MS): a lost worker's job is taken over after its lock expires, soon enough to
 * still answer the caller. A decorator's options are fixed when it runs, hence a class per config.
 */
export function configuredToolsProcessor(config: ToolsConfig): Type<ToolsProcessor> {
  @Processor(TOOLS_QUEUE, {
    // Shown in Redis CLIENT LIST and stored on each job (processedBy): which process ran it.
    name: workerName(),
    concurrency: config.workerConcurrency,
    lockDuration: config.jobLockMs,
    stalledInterval: stalledCheckIntervalMs(config.jobLockMs),
    maxStalledCount: 1,
  })
  class ConfiguredToolsProcessor extends ToolsProcessor {}
  return ConfiguredToolsProcessor;
}
