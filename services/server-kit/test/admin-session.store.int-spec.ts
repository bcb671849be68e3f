import { beforeEach, describe, expect, it } from '@jest/globals';
import { useFlushedRedis } from './support/test-redis.js';
import { AdminSessionStore, SESSION_ABSOLUTE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '../src/admin/admin-session.store.js';

describe('AdminSessionStore', () => {
  const redis = useFlushedRedis();
  let now: number;
  let store: AdminSessionStore;

  beforeEach(() => {
    now = Date.UTC(2026, 0, 1);
    store = new AdminSessionStore(redis, () => now);
  });

  it('makes 256-bit url-safe ids and keeps only their hash in Redis', async () => {
    const id = await store.create();
    expect(id).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const keys = await redis.keys('admin:session:*');
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toContain(id);
  });

  it('expires a session after 30 idle minutes, and each use extends it', async () => {
    const id = await store.create();
    const [key] = await redis.keys('admin:session:*');
    const ttl = await redis.pttl(key!);
    expect(ttl).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5000);
    expect(ttl).toBeLessThanOrEqual(SESSION_IDLE_TIMEOUT_MS);
    await redis.pexpire(key!, 1000);
    expect(await store.touch(id)).toBe(true);
    expect(await redis.pttl(key!)).toBeGreaterThan(SESSION_IDLE_TIMEOUT_MS - 5000);
  });

  it('ends a session 8 hours after login however active it is', async () => {
    const id = await store.create();
    now += SESSION_ABSOLUTE_TIMEOUT_MS - 60_000;
    expect(await store.touch(id)).toBe(true);
    const [key] = await redis.keys('admin:session:*');
    expect(await redis.pttl(key!)).toBeLessThanOrEqual(60_000);
    now += 60_001;
    expect(await store.touch(id)).toBe(false);
    expect(await redis.keys('admin:session:*')).toHaveLength(0);
  });

  it('forgets a destroyed session and refuses malformed ids', async () => {
    const id = await store.create();
    await store.destroy(id);
    expect(await store.touch(id)).toBe(false);
    expect(await store.touch('short')).toBe(false);
    expect(await store.touch(`${id}x`)).toBe(false);
  });
});
