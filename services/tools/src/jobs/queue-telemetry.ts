import { tracingEnabled } from '@agency/server-kit';
import type { Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';

/**
 * BullMQ's own spans, when tracing is on: the API's "add" (a producer span) stores the trace
 * context on the job, and the worker's "process" (a consumer span) continues it, so the provider
 * calls a job makes belong to the request that queued it.
 */
export function queueTelemetry(): Telemetry | undefined {
  return tracingEnabled() ? new BullMQOtel({ tracerName: 'agency-tools-queue' }) : undefined;
}
