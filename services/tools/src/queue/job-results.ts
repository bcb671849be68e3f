import { GatewayTimeoutException, HttpException, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { JOB_FAILED_MESSAGE, type ToolJobName, type ToolJobResult } from '../jobs/tool-jobs.js';
import { QueueConnection } from './queue-connection.js';

/** A waiter whose completion event has not arrived after this long is checked by reading the job. */
const LATE_EVENT_CHECK_MS = 2000;
const SWEEP_INTERVAL_MS = 1000;

export const TOOL_TIMED_OUT_MESSAGE = 'The analysis took too long to finish. Please try again in a moment.';

interface Waiter {
  name: ToolJobName;
  settle: (result: ToolJobResult<ToolJobName>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
  nextCheckAt: number;
}

/**
 * The HTTP requests waiting for their jobs, by job id. Completion events (ToolQueueEvents) settle
 * them; a sweep reads the job itself when its event is late or was missed (a trimmed stream, a
 * reconnect). Finished jobs stay in Redis for a bounded age and count, so the read finds them.
 */
@Injectable()
export class JobResults {
  private readonly logger = new Logger('JobResults');
  private readonly waiters = new Map<string, Waiter>();
  private readonly sweepTimer: NodeJS.Timeout;
  private sweeping = false;

  constructor(private readonly connection: QueueConnection) {
    this.sweepTimer = setInterval(() => void this.sweep(), SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  get pending(): number {
    return this.waiters.size;
  }

  /** Resolves with the job's result, or rejects with 504 once `deadlineMs` has passed. Register before adding the job. */
  wait(jobId: string, name: ToolJobName, deadlineMs: number): Promise<ToolJobResult<ToolJobName>> {
    return new Promise<ToolJobResult<ToolJobName>>((settle, reject) => {
      const timer = setTimeout(() => {
        this.waiters.delete(jobId);
        reject(new GatewayTimeoutException(TOOL_TIMED_OUT_MESSAGE));
      }, deadlineMs);
      this.waiters.set(jobId, { name, settle, reject, timer, nextCheckAt: Date.now() + LATE_EVENT_CHECK_MS });
    });
  }

  /** A job finished; `result` is its return value as the events stream carried it. */
  completed(jobId: string, result: ToolJobResult<ToolJobName> | undefined): void {
    const waiter = this.forget(jobId);
    if (!waiter) return;
    if (result && typeof result === 'object' && 'ok' in result) waiter.settle(result);
    else waiter.reject(new HttpException(JOB_FAILED_MESSAGE, 502));
  }

  /** A job failed on its last attempt. */
  failed(jobId: string, reason: string): void {
    const waiter = this.forget(jobId);
    if (!waiter) return;
    this.logger.warn(`job ${jobId} (${waiter.name}) failed: ${reason}`);
    waiter.reject(new HttpException(JOB_FAILED_MESSAGE, 502));
  }

  /** Stops waiting for a job that was never added. */
  abandon(jobId: string): void {
    this.forget(jobId);
  }

  /** Answers every request still waiting with `message` (503): the process is stopping and nothing can finish. */
  rejectAll(message: string): void {
    clearInterval(this.sweepTimer);
    for (const jobId of [...this.waiters.keys()]) this.forget(jobId)?.reject(new ServiceUnavailableException(message));
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
    if (this.sweeping || this.waiters.size === 0 || !this.connection.ready) return;
    this.sweeping = true;
    try {
      const now = Date.now();
      const due = [...this.waiters].filter(([, waiter]) => waiter.nextCheckAt <= now);
      for (const [jobId, waiter] of due) {
        waiter.nextCheckAt = now + LATE_EVENT_CHECK_MS;
        const job = await this.connection.readJob(jobId);
        if (!job) continue;
        if (job.finishedOn && job.returnvalue !== undefined && job.returnvalue !== null) {
          this.completed(jobId, job.returnvalue);
        } else if (job.finishedOn && job.failedReason && (await job.getState()) === 'failed') {
          this.failed(jobId, job.failedReason);
        }
      }
    } catch {
      // Redis is unreachable; the next sweep tries again and the request deadline still holds.
    } finally {
      this.sweeping = false;
    }
  }
}
