import { afterAll, beforeEach } from '@jest/globals';
import { Redis } from 'ioredis';

/** The real Redis, in the database tests own (15), emptied before each test and closed after the suite. */
export function useFlushedRedis(): Redis {
  const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/15');
  beforeEach(async () => {
    await redis.flushdb();
  });
  afterAll(async () => {
    await redis.quit();
  });
  return redis;
}
