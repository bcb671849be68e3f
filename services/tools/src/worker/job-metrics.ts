import { sharedMetric } from '@agency/server-kit';
import { Counter, Histogram } from 'prom-client';

/** Tool jobs as a worker runs them (docs/operations.md, "Metrics"). */
export class JobMetrics {
  private readonly duration = sharedMetric(
    'tools_job_duration_seconds',
    () =>
      new Histogram({
        name: 'tools_job_duration_seconds',
        help: 'Time a worker spent on a tool job, by tool and outcome (answered, refused, expired, failed).',
        labelNames: ['tool', 'outcome'],
        buckets: [0.25, 0.5, 1, 2, 5, 10, 20, 30, 45, 60, 90, 120],
      }),
  );
  private readonly retried = sharedMetric(
    'tools_job_retries_total',
    () => new Counter({ name: 'tools_job_retries_total', help: 'Tool jobs run again after an attempt threw or its worker died, by tool.', labelNames: ['tool'] }),
  );

  /** `again`: an earlier attempt threw, or the job was taken over from a worker that died. */
  started(tool: string, again: boolean): (outcome: 'answered' | 'refused' | 'expired' | 'failed') => number {
    if (again) this.retried.inc({ tool });
    const end = this.duration.startTimer({ tool });
    return (outcome) => end({ outcome });
  }
}
