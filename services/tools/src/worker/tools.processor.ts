import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { runAudit } from '../audit/audit.runner.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import { runFanOut } from '../fan-out/fan-out.runner.js';
import { discardImageUpload, loadImageUpload } from '../image/image-upload-store.js';
import { runImageAnalysis } from '../image/image.runner.js';
import {
  requestDeadlineMs,
  TOOL_JOB_NAMES,
  TOOLS_QUEUE,
  type ToolJobName,
  type ToolJobResult,
  type ToolPayloads,
} from '../jobs/tool-jobs.js';
import { ModelFleet } from '../models/model-fleet.js';
import { blockingConnectionOptions } from '../queue/tool-queue.js';
import { SiteCrawler } from '../website/site-crawler.js';

export const EXPIRED_MESSAGE = 'The analysis waited too long in the queue. Please try again.';

/** A lost worker's job is taken over after its lock expires: short enough to still answer the caller. */
const LOCK_DURATION_MS = 15_000;
const STALLED_INTERVAL_MS = 10_000;

/** Runs every tool job; one class, switching on the job name (BullMQ has no named handlers). */
@Processor(TOOLS_QUEUE, { lockDuration: LOCK_DURATION_MS, stalledInterval: STALLED_INTERVAL_MS, maxStalledCount: 1 })
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
    this.worker.concurrency = this.config.workerConcurrency;
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
    const remainingMs = requestDeadlineMs(name, this.config.modelDeadlineMs, this.config.queueWaitMs) - (Date.now() - job.timestamp);
    // Nobody is waiting for an answer any more: spend no model budget on it.
    if (remainingMs <= 0) return { ok: false, status: 504, message: EXPIRED_MESSAGE };
    const deadline = AbortSignal.timeout(remainingMs);
    const signal = cancelled ? AbortSignal.any([deadline, cancelled]) : deadline;
    try {
      return await this.dispatch(name, job, signal);
    } catch (error) {
      if (deadline.aborted) return { ok: false, status: 504, message: EXPIRED_MESSAGE };
      throw error;
    }
  }

  private dispatch(name: ToolJobName, job: Job, signal: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const jobId = String(job.id);
    switch (name) {
      case 'audit':
        return runAudit(jobId, job.data as ToolPayloads['audit'], this.fleet, this.records, signal);
      case 'fan-out':
        return runFanOut(jobId, job.data as ToolPayloads['fan-out'], { fleet: this.fleet, crawler: this.crawler, records: this.records }, signal);
      case 'image':
        return runImageAnalysis(
          job.data as ToolPayloads['image'],
          this.fleet,
          this.records,
          {
            loadUpload: (key) => loadImageUpload(this.uploads, key),
            updatePayload: (payload) => job.updateData(payload),
            discardUpload: (key) => discardImageUpload(this.uploads, key),
          },
          signal,
        );
    }
  }
}
