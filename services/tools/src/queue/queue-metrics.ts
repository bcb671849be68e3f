import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { sharedMetric } from '@agency/server-kit';
import { Gauge } from 'prom-client';
import { TOOLS_QUEUE } from '../jobs/tool-jobs.js';
import { DailyModelCalls } from '../rate-limit/daily-model-calls.js';
import { QueueConnection } from './queue-connection.js';

const STATES = ['waiting', 'active', 'delayed', 'failed', 'completed', 'prioritized'] as const;

/**
 * The tools queue's depth by state and the day's use of the model-call ceiling, read from Redis
 * when /metrics is scraped (every API replica reports the same shared values: aggregate with
 * max, not sum). See docs/operations.md, "Metrics".
 */
@Injectable()
export class QueueMetrics implements OnModuleDestroy {
  private readonly source: { connection: QueueConnection; dailyCalls: DailyModelCalls };

  constructor(connection: QueueConnection, dailyCalls: DailyModelCalls) {
    this.source = { connection, dailyCalls };
    QueueMetrics.register().add(this.source);
  }

  onModuleDestroy(): void {
    QueueMetrics.register().delete(this.source);
  }

  /** The gauges exist once per process and read from the live app (tests build several in one process). */
  private static register(): Set<{ connection: QueueConnection; dailyCalls: DailyModelCalls }> {
    const live = (QueueMetrics.live ??= new Set());
    sharedMetric(
      'tools_queue_jobs',
      () =>
        new Gauge({
          name: 'tools_queue_jobs',
          help: 'Jobs in the tools queue by state (waiting is what the workers have not taken yet).',
          labelNames: ['queue', 'state'],
          async collect() {
            const source = [...live].at(-1);
            if (!source?.connection.ready) return;
            const counts = await source.connection.queue.getJobCounts(...STATES);
            for (const state of STATES) this.set({ queue: TOOLS_QUEUE, state }, counts[state] ?? 0);
          },
        }),
    );
    sharedMetric(
      'tools_daily_model_calls_used',
      () =>
        new Gauge({
          name: 'tools_daily_model_calls_used',
          help: "Model calls taken from today's (UTC) ceiling, across every replica.",
          async collect() {
            const source = [...live].at(-1);
            if (!source?.connection.ready) return;
            this.set(await source.dailyCalls.usedToday());
          },
        }),
    );
    sharedMetric(
      'tools_daily_model_calls_limit',
      () =>
        new Gauge({
          name: 'tools_daily_model_calls_limit',
          help: 'The daily ceiling on model calls (TOOLS_DAILY_MODEL_CALLS).',
          collect() {
            const source = [...live].at(-1);
            if (source) this.set(source.dailyCalls.limit);
          },
        }),
    );
    return live;
  }

  private static live: Set<{ connection: QueueConnection; dailyCalls: DailyModelCalls }> | undefined;
}
