import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { RetryAfterException } from '@agency/server-kit';
import { MODEL_PROVIDER_IDS, SEARCH_ENGINE_IDS } from '@agency/shared';
import type { Redis } from 'ioredis';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { MODEL_CALLS_KEY_TTL_SECONDS, modelCallsDayKey, modelCallsPerJob, nextUtcMidnight, RESERVE_MODEL_CALLS_SCRIPT } from '../jobs/model-calls.js';
import type { ToolJobName } from '../jobs/tool-jobs.js';

export const DAILY_CEILING_MESSAGE =
  'Our free AI tools have reached their limit of model calls for today. Please try again tomorrow.';

/** The global daily ceiling on model calls (TOOLS_DAILY_MODEL_CALLS), shared by every API replica through Redis. */
@Injectable()
export class DailyModelCalls {
  private readonly configuredModels: number;
  /** The audit also asks Perplexity when its key is set. */
  private readonly configuredEngines: number;

  constructor(
    @Inject(TOOLS_REDIS) private readonly redis: Redis,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {
    this.configuredModels = MODEL_PROVIDER_IDS.filter((id) => Boolean(config.providers[id].apiKey)).length;
    this.configuredEngines = SEARCH_ENGINE_IDS.filter((id) => Boolean(config.providers[id].apiKey)).length;
  }

  /** Reserves the calls a `name` job starts; throws 503 with Retry-After (the next UTC midnight) when today's are used up. Resolves to the calls taken. */
  async reserve(name: ToolJobName, now = new Date()): Promise<number> {
    const calls = modelCallsPerJob(name, name === 'audit' ? this.configuredEngines : this.configuredModels, this.config);
    if (calls === 0) return 0;
    const taken = await this.redis.eval(RESERVE_MODEL_CALLS_SCRIPT, 1, modelCallsDayKey(now), calls, this.config.dailyModelCalls, MODEL_CALLS_KEY_TTL_SECONDS);
    if (taken !== 1) throw new RetryAfterException(DAILY_CEILING_MESSAGE, HttpStatus.SERVICE_UNAVAILABLE, secondsToMidnight(now));
    return calls;
  }

  get limit(): number {
    return this.config.dailyModelCalls;
  }

  /** Calls taken from today's allowance so far, by every replica. */
  async usedToday(now = new Date()): Promise<number> {
    return Number((await this.redis.get(modelCallsDayKey(now))) ?? 0);
  }

  /** Gives calls back to today's allowance (a job that was never queued). */
  async release(calls: number, now = new Date()): Promise<void> {
    if (calls > 0) await this.redis.decrby(modelCallsDayKey(now), calls);
  }
}

function secondsToMidnight(now: Date): number {
  return Math.ceil((nextUtcMidnight(now).getTime() - now.getTime()) / 1000);
}
