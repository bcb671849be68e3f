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

const DAY_KEY_PREFIX = 'tools:model-calls:';
/** A day's counter outlives its day by one, whatever the clocks of the replicas say. */
export const MODEL_CALLS_KEY_TTL_SECONDS = 2 * 86_400;

/** The Redis counter of one UTC day's model calls, shared by every API replica and worker. */
export function modelCallsDayKey(now: Date): string {
  return `${DAY_KEY_PREFIX}${now.toISOString().slice(0, 10)}`;
}

/**
 * Takes ARGV[1] calls from the day's allowance (ARGV[2]) in one step, or none when they do not all
 * fit: every replica counts in the same key, so together they never pass the ceiling.
 */
export const RESERVE_MODEL_CALLS_SCRIPT = `
local used = redis.call('INCRBY', KEYS[1], ARGV[1])
if redis.call('TTL', KEYS[1]) < 0 then redis.call('EXPIRE', KEYS[1], ARGV[3]) end
if used > tonumber(ARGV[2]) then
  redis.call('DECRBY', KEYS[1], ARGV[1])
  return 0
end
return 1`;

/** The next UTC midnight after `now`. */
export function nextUtcMidnight(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
}
