import type { ToolJobName } from './tool-jobs.js';

/**
 * How many model calls a job of each tool starts, for the daily ceiling: the audit and the image
 * reader ask every configured model once; semantic expansion asks one model twice (queries, then
 * coverage). Retries inside a deadline are not counted.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number): number {
  switch (name) {
    case 'audit':
    case 'image':
      return configuredModels;
    case 'fan-out':
      return configuredModels > 0 ? 2 : 0;
  }
}
