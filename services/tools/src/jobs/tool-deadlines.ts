import { CRAWLER_LOG_JOB } from '../crawler-log/crawler-log.job.js';
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
    // Every engine's answers (asked at once), then one call listing the brands they name.
    audit: modelDeadlineMs + brandExtractionDeadlineMs(modelDeadlineMs) + queueWaitMs,
    // Decoding and resizing a 10 MB photo takes about a second.
    image: modelDeadlineMs + queueWaitMs + 5000,
    // Query generation (with the site crawl beside it), then the coverage judgement.
    'fan-out': Math.min(2 * modelDeadlineMs + queueWaitMs + 5000, GATEWAY_MARGIN_MS),
    [CRAWLER_LOG_JOB.name]: Math.min(CRAWLER_LOG_JOB.deadlineMs({ modelDeadlineMs, queueWaitMs }), GATEWAY_MARGIN_MS),
  };
}

/** The audit's brand-listing call gets at most this long; the deterministic reading stands in after it. */
export function brandExtractionDeadlineMs(modelDeadlineMs: number): number {
  return Math.min(modelDeadlineMs, 10_000);
}
