import type { ToolJobName } from './tool-jobs.js';

/** How many times the audit and semantic expansion ask (AUDIT_RUNS, FAN_OUT_PASSES). */
export interface ModelCallCounts {
  auditRuns: number;
  fanOutPasses: number;
}

/**
 * How many model calls a job of each tool starts, for the daily ceiling: the image reader asks
 * every configured model once; the audit asks each configured model AUDIT_RUNS times, plus one
 * call listing the brands; semantic expansion asks one model per generation pass, then one for
 * the coverage. Retries inside a deadline are not counted.
 */
export function modelCallsPerJob(name: ToolJobName, configuredModels: number, counts: ModelCallCounts = { auditRuns: 1, fanOutPasses: 1 }): number {
  if (configuredModels === 0) return 0;
  switch (name) {
    case 'audit':
      return configuredModels * counts.auditRuns + 1;
    case 'image':
      return configuredModels;
    case 'fan-out':
      return counts.fanOutPasses + 1;
  }
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
