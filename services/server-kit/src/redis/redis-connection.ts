import { Redis } from 'ioredis';

/**
 * A Redis client for request paths: commands fail at once while Redis is down
 * (the caller answers 503) and the client reconnects by itself when it is back.
 */
export function createRequestPathRedis(url: string, name: string): Redis {
  return new Redis(url, {
    connectionName: name,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    lazyConnect: false,
  });
}

/** Logs a Redis outage once per minute instead of on every reconnect attempt. */
export function logRedisErrors(redis: Redis, log: (message: string) => void): void {
  let lastLoggedAt = 0;
  redis.on('error', (error: Error) => {
    const now = Date.now();
    if (now - lastLoggedAt > 60_000) {
      lastLoggedAt = now;
      log(`Redis unavailable: ${error.message}`);
    }
  });
}
