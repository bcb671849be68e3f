import type { ToolJobName } from './tool-jobs.js';

/** How many times the audit and semantic expansion ask (AUDIT_RUNS, FAN_OUT_PASSES). */
export interface ModelCallCounts {
  auditRuns: number;
  fanOutPasses: number;
}

/**
 * How many model calls a job of each tool starts, for the daily ceiling: the image reader asks
 * every configured model once; the audit asks each configured engine (Perplexity included)
 * AUDIT_RUNS times with search on and once with it off, plus one call listing the brands;
 * semantic expansion asks one model per generation pass, then one for the coverage. Retries
 * inside a deadline are not counted. `configuredModels` counts the providers the tool asks.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number, counts: ModelCallCounts = { auditRuns: 1, fanOutPasses: 1 }): number {
  if (configuredModels === 0) return 0;
  switch (name) {
    case 'audit':
      return configuredModels * (counts.auditRuns + 1) + 1;
    case 'image':
      return configuredModels;
    case 'fan-out':
      return counts.fanOutPasses + 1;
  }
}
