import type { ModelCallCounts } from '../tools/tool-definition.js';
import { toolNamed, type ToolJobName } from '../tools/tools.js';

export type { ModelCallCounts };

/**
 * How many model calls a job of each tool starts, for the daily ceiling, as the tool's definition
 * says; none when no model is configured. Retries inside a deadline are not counted.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number, counts: ModelCallCounts = { auditRuns: 1, semanticExpansionPasses: 1 }): number {
  if (configuredModels === 0) return 0;
  return toolNamed(name).modelCalls(configuredModels, counts);
}
