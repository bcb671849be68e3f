import type { ToolJobData, ToolJobName, ToolJobResult } from '../jobs/tool-jobs.js';
import type { ProgressReporter } from './progress-reporter.js';

/** One queued job as its handler sees it. */
export interface ToolJob<N extends ToolJobName> {
  id: string;
  name: N;
  data: ToolJobData<N>;
  /** Replaces the job's stored payload (the request extras are kept): a rerun starts from it. */
  replacePayload(data: ToolJobData<N>): Promise<void>;
}

/** What the processor gives every handler: where progress goes, and the job's deadline as a signal. */
export interface ToolJobContext {
  progress: ProgressReporter;
  signal: AbortSignal;
}

/**
 * Runs one kind of job. The worker module injects one handler per job name into the processor
 * as a registry; the processor owns the deadline, the started and done events and the dispatch.
 */
export interface ToolJobHandler<N extends ToolJobName> {
  handle(job: ToolJob<N>, context: ToolJobContext): Promise<ToolJobResult<N>>;
}

/** Exactly one handler per job name: a missing one does not compile. */
export type ToolJobHandlers = { readonly [N in ToolJobName]: ToolJobHandler<N> };

/** Injection token of the handler registry. */
export const TOOL_JOB_HANDLERS = Symbol('TOOL_JOB_HANDLERS');
