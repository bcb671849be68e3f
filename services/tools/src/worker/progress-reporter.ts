import { isToolRequestId, type SearchEngineId, type ToolProgressEvent } from '@agency/shared';
import { withinMs } from '../jobs/redis-connections.js';
import type { ToolJobExtras, ToolJobResult, ToolJobName, ToolProgressMessage } from '../jobs/tool-jobs.js';
import type { CheckedOutcome } from '../models/model-fleet.js';

/** How a running job tells the page what has happened so far. Best effort: a lost event never fails a job. */
export interface ProgressReporter {
  report(event: ToolProgressEvent): void;
  /** Resolves once the reported events are in Redis, or after a short wait when Redis is slow. */
  flush(): Promise<void>;
}

export const SILENT_PROGRESS: ProgressReporter = {
  report: () => undefined,
  flush: () => Promise.resolve(),
};

const FLUSH_WAIT_MS = 2000;

interface ProgressJob {
  data: unknown;
  updateProgress(progress: object): Promise<void>;
}

/**
 * Progress goes out as BullMQ progress events on the queue's event stream, which every API
 * replica already reads, so the page's stream may be open on any of them. Events are sent one
 * after another, so they arrive in the order they happened. Jobs without a request id report nothing.
 */
export function progressReporterFor(job: ProgressJob): ProgressReporter {
  const requestId = (job.data as ToolJobExtras | undefined)?.progressId;
  if (!isToolRequestId(requestId)) return SILENT_PROGRESS;
  let sent: Promise<void> = Promise.resolve();
  return {
    report(event) {
      const message: ToolProgressMessage = { requestId, event };
      sent = sent.then(() => job.updateProgress(message)).catch(() => undefined);
    },
    flush: () => withinMs(sent, FLUSH_WAIT_MS),
  };
}

/** What an answered audit model's event carries besides its text. */
export type AuditModelSources = Pick<Extract<ToolProgressEvent, { type: 'model' }>, 'citations' | 'searchQueries' | 'grounded' | 'ending'>;

/** One model has finished; `answer` is the text the tool's answer will hold for it, `sources` its audit citations and searches. */
export function modelFinished(provider: SearchEngineId, outcome: CheckedOutcome<unknown>, answer?: string, sources?: AuditModelSources): ToolProgressEvent {
  switch (outcome.kind) {
    case 'answered':
      return { type: 'model', provider, status: 'answered', ...(answer === undefined ? {} : { answer }), ...sources };
    case 'failed':
      return { type: 'model', provider, status: 'failed', message: outcome.message, ...(answer === undefined ? {} : { answer }) };
    case 'unavailable':
      return { type: 'model', provider, status: 'unavailable', ...(answer === undefined ? {} : { answer }) };
  }
}

export function jobFinished(result: ToolJobResult<ToolJobName>): ToolProgressEvent {
  return result.ok ? { type: 'done', outcome: 'completed' } : { type: 'done', outcome: 'failed', message: result.message };
}
