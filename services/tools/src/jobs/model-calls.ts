import type { ToolJobName } from './tool-jobs.js';

/**
 * How many model calls a job of each tool starts, for the daily ceiling: the audit and the image
 * reader ask every configured model once; semantic expansion asks one model per generation pass,
 * then one for the coverage. Retries inside a deadline are not counted.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number, fanOutPasses = 1): number {
  switch (name) {
    case 'audit':
    case 'image':
      return configuredModels;
    case 'fan-out':
      return configuredModels > 0 ? fanOutPasses + 1 : 0;
  }
}
