/** Connection settings for BullMQ's blocking readers (QueueEvents, Worker): they wait for Redis to come back. */
export function blockingConnectionOptions(redisUrl: string): {
  url: string;
  maxRetriesPerRequest: null;
  retryStrategy: (attempt: number) => number;
} {
  return { url: redisUrl, maxRetriesPerRequest: null, retryStrategy: (attempt) => Math.min(attempt * 200, 2000) };
}

/** Waits for `work`, or `ms` at most; never rejects. */
export async function withinMs(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
