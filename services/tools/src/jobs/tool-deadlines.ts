import type { ToolJobName } from './tool-jobs.js';

/** Every tool's deadline, in milliseconds: how long its HTTP caller waits for the job's answer. */
export type ToolDeadlines = Readonly<Record<ToolJobName, number>>;

/** The gateway gives up on a request after 120 s; every tool answers before that. */
const GATEWAY_MARGIN_MS = 115_000;

/**
 * The model phases of each tool plus `queueWaitMs` for waiting in the queue. Computed once, by
 * the config; the API's wait, the worker's job budget and the progress streams all read it there.
 */
export function toolDeadlines(modelDeadlineMs: number, queueWaitMs: number): ToolDeadlines {
  return {
    audit: modelDeadlineMs + queueWaitMs,
    // Decoding and resizing a 10 MB photo takes about a second.
    image: modelDeadlineMs + queueWaitMs + 5000,
    // Query generation (with the site crawl beside it), then the coverage judgement.
    'fan-out': Math.min(2 * modelDeadlineMs + queueWaitMs + 5000, GATEWAY_MARGIN_MS),
  };
}
