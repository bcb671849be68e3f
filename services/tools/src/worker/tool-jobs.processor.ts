import { type BeforeApplicationShutdown, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown, type Type } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { type Job, UnrecoverableError } from 'bullmq';
import { DataSource } from 'typeorm';
import { REQUEST_ID_ATTRIBUTE, runWithLogContext } from '@agency/server-kit';
import { trace } from '@opentelemetry/api';
import { stalledCheckIntervalMs, type ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import {
  currentJobName,
  JOB_EXPIRED_MESSAGE,
  JOB_FAILED_MESSAGE,
  toolJobData,
  withoutAddress,
  TOOLS_QUEUE,
  type ToolJobName,
  type ToolJobResult,
  workerName,
} from '../jobs/tool-jobs.js';
import { queueTelemetry } from '../jobs/queue-telemetry.js';
import { DeadlineSignal } from '../models/deadline-signal.js';
import { ModelFleet } from '../models/model-fleet.js';
import { JobMetrics } from './job-metrics.js';
import { jobFinished, type ProgressReporter, progressReporterFor } from './progress-reporter.js';
import { TOOL_JOB_HANDLERS, type ToolJob, type ToolJobHandlers } from './tool-job-handler.js';

/**
 * Takes every tool job off the queue: gives it what is left of its caller's deadline, reports it
 * started and done, and hands it to the handler registered for its name.
 */
@Injectable()
export class ToolJobsProcessor extends WorkerHost implements OnApplicationBootstrap, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ToolJobsProcessor');
  private readonly metrics = new JobMetrics();

  constructor(
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
    @Inject(TOOL_JOB_HANDLERS) private readonly handlers: ToolJobHandlers,
    private readonly fleet: ModelFleet,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.worker.on('error', (error) => this.logger.warn(`worker: ${error.message}`));
    this.logger.log(
      `processing "${TOOLS_QUEUE}" jobs, ${this.config.workerConcurrency} at a time; ${this.fleet.configuredCount} of 4 providers configured`,
    );
  }

  /** In-flight jobs finish first (worker.close waits for them), before any connection they use closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.worker.close();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.dataSource.destroy();
  }

  /** Every line logged while a job runs carries its id, its tool and the request id that queued it. */
  override process(job: Job, token?: string, cancelled?: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const requestId = (job.data as { requestId?: unknown } | null)?.requestId;
    const context = { jobId: String(job.id), tool: job.name, ...(typeof requestId === 'string' ? { requestId } : {}) };
    // BullMQ's "process" span, when tracing is on: found by the request id like the logs.
    if (typeof requestId === 'string') trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
    return runWithLogContext(context, () => this.processJob(job, token, cancelled));
  }

  private async processJob(job: Job, _token?: string, cancelled?: AbortSignal): Promise<ToolJobResult<ToolJobName>> {
    const name = currentJobName(job.name);
    if (!name) throw new UnrecoverableError(`No handler for job "${job.name}"`);
    const progress = progressReporterFor(job);
    const finished = this.metrics.started(name, job.attemptsMade > 0 || job.stalledCounter > 0);
    this.logger.log(`job started (attempt ${job.attemptsMade + 1}${job.stalledCounter > 0 ? ', taken over from a worker that stopped answering' : ''})`);
    try {
      const result = await this.run(name, job, progress, cancelled);
      await this.forgetAddress(job);
      progress.report(jobFinished(result));
      const seconds = finished(result.ok ? 'answered' : result.message === JOB_EXPIRED_MESSAGE ? 'expired' : 'refused');
      this.logger.log(`job done in ${seconds.toFixed(2)} s: ${result.ok ? 'answered' : `${result.status} ${result.message}`}`);
      return result;
    } catch (error) {
      const seconds = finished('failed');
      this.logger.warn(`job failed in ${seconds.toFixed(2)} s: ${error instanceof Error ? error.message : String(error)}`);
      const lastAttempt = error instanceof UnrecoverableError || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (lastAttempt) {
        await this.forgetAddress(job);
        progress.report({ type: 'done', outcome: 'failed', message: JOB_FAILED_MESSAGE });
      }
      throw error;
    } finally {
      await progress.flush();
    }
  }

  /**
   * A finished job stays in Redis (completed ones for minutes, failed ones for a day) and on the
   * queue board: once nothing will run it again, its data keeps no email address. The stored
   * record has it, where erasure finds it.
   */
  private async forgetAddress(job: Job): Promise<void> {
    try {
      await job.updateData(withoutAddress(job.data));
    } catch (error) {
      this.logger.warn(`could not remove the address from the finished job: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  private async run<N extends ToolJobName>(name: N, job: Job, progress: ProgressReporter, cancelled?: AbortSignal): Promise<ToolJobResult<N>> {
    const remainingMs = this.config.toolDeadlineMs[name] - (Date.now() - job.timestamp);
    // Nobody is waiting for an answer any more: spend no model budget on it.
    if (remainingMs <= 0) return { ok: false, status: 504, message: JOB_EXPIRED_MESSAGE };
    const handlerJob = toolJob(name, job);
    progress.report({ type: 'started', tool: name });
    const deadline = new DeadlineSignal(remainingMs, cancelled);
    try {
      return await this.handlers[name].handle(handlerJob, { progress, signal: deadline.signal });
    } catch (error) {
      if (deadline.timedOut) return { ok: false, status: 504, message: JOB_EXPIRED_MESSAGE };
      throw error;
    } finally {
      deadline.dispose();
    }
  }
}

/** The handler's view of a BullMQ job whose name has been checked; data of another shape is not retried. */
function toolJob<N extends ToolJobName>(name: N, job: Job<unknown>): ToolJob<N> {
  const data = toolJobData(name, job.data);
  if (!data) throw new UnrecoverableError(`The "${name}" job ${String(job.id)} does not hold a ${name} request`);
  return {
    id: String(job.id),
    name,
    data,
    replacePayload: (payload) => job.updateData({ ...payload, progressId: data.progressId, requestId: data.requestId }),
  };
}

/**
 * The processor registered with BullMQ. Its worker options come from the validated config
 * (TOOLS_JOB_LOCK_MS): a lost worker's job is taken over after its lock expires, soon enough to
 * still answer the caller. A decorator's options are fixed when it runs, hence a class per config.
 */
export function configuredToolJobsProcessor(config: ToolsConfig): Type<ToolJobsProcessor> {
  @Processor(TOOLS_QUEUE, {
    // Shown in Redis CLIENT LIST and stored on each job (processedBy): which process ran it.
    name: workerName(),
    concurrency: config.workerConcurrency,
    lockDuration: config.jobLockMs,
    stalledInterval: stalledCheckIntervalMs(config.jobLockMs),
    maxStalledCount: 1,
    telemetry: queueTelemetry(),
  })
  class ConfiguredToolJobsProcessor extends ToolJobsProcessor {}
  return ConfiguredToolJobsProcessor;
}
