import type { ToolJobName } from './tool-jobs.js';

/**
 * How many model calls a job of each tool starts, for the daily ceiling: the image reader asks
 * every configured model once, the audit AUDIT_RUNS times plus one call listing the brands;
 * semantic expansion asks one model twice (queries, then coverage). Retries inside a deadline
 * are not counted.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number, auditRuns = 1): number {
  switch (name) {
    case 'audit':
      return configuredModels > 0 ? configuredModels * auditRuns + 1 : 0;
    case 'image':
      return configuredModels;
    case 'fan-out':
      return configuredModels > 0 ? 2 : 0;
  }
}
