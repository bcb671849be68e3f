import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { REDIS } from '../config/content-config.provider.js';

/**
 * The tools service's job queue ("tools", BullMQ's default "bull" prefix) in the Redis both
 * services use. Its workers drop the address from a job once it has ended; a job still queued,
 * running, or ended before that rule (or by a worker that stopped) may hold one.
 */
const TOOLS_QUEUE_PREFIX = 'bull:tools:';

/**
 * Removes the address from the data of every job of the queue, in every state, in one step.
 * The cheap plain-text search comes first; only a job that mentions the address is decoded. A
 * queued job left without its address fails when a worker takes it, so it stores nothing.
 */
const SCRUB_SCRIPT = `
local prefix, address = ARGV[1], ARGV[2]
local scrubbed = 0
local function scrub(id)
  local key = prefix .. id
  local data = redis.call('HGET', key, 'data')
  if not data or not string.find(string.lower(data), address, 1, true) then return end
  local ok, decoded = pcall(cjson.decode, data)
  if ok and type(decoded) == 'table' and type(decoded.email) == 'string' and string.lower(decoded.email) == address then
    decoded.email = nil
    redis.call('HSET', key, 'data', cjson.encode(decoded))
    scrubbed = scrubbed + 1
  end
end
for _, list in ipairs({ 'wait', 'paused', 'active' }) do
  for _, id in ipairs(redis.call('LRANGE', prefix .. list, 0, -1)) do scrub(id) end
end
for _, set in ipairs({ 'delayed', 'prioritized', 'waiting-children', 'completed', 'failed' }) do
  for _, id in ipairs(redis.call('ZRANGE', prefix .. set, 0, -1)) do scrub(id) end
end
return scrubbed
`;

@Injectable()
export class QueuedJobAddresses {
  private readonly logger = new Logger('Erasure');

  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** How many jobs held the address. */
  async remove(email: string): Promise<number> {
    try {
      return Number(await this.redis.eval(SCRUB_SCRIPT, 0, TOOLS_QUEUE_PREFIX, email.toLowerCase()));
    } catch (error) {
      // The stored rows are already gone; the queue keeps a finished job's data without the address anyway.
      this.logger.warn(`could not remove the address from the tools queue: ${error instanceof Error ? error.message : String(error)}`);
      return 0;
    }
  }
}
