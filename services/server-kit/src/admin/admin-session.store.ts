import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const SESSION_IDLE_TIMEOUT_MS = 30 * 60 * 1000;
export const SESSION_ABSOLUTE_TIMEOUT_MS = 8 * 60 * 60 * 1000;
const SESSION_ID_BYTES = 32;

interface StoredSession {
  createdAt: number;
}

/**
 * Admin sessions kept in Redis. The cookie carries a 256-bit random id; Redis stores only its
 * SHA-256, so a leaked Redis dump holds no usable session ids.
 */
export class AdminSessionStore {
  constructor(private readonly redis: Redis, private readonly now: () => number = Date.now) {}

  async create(): Promise<string> {
    const id = randomBytes(SESSION_ID_BYTES).toString('base64url');
    const session: StoredSession = { createdAt: this.now() };
    await this.redis.set(this.key(id), JSON.stringify(session), 'PX', SESSION_IDLE_TIMEOUT_MS);
    return id;
  }

  /** True when the session exists and is within both timeouts; extends the idle timeout. */
  async touch(id: string): Promise<boolean> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(id)) return false;
    const key = this.key(id);
    const raw = await this.redis.get(key);
    if (!raw) return false;
    const session = JSON.parse(raw) as StoredSession;
    const absoluteRemaining = session.createdAt + SESSION_ABSOLUTE_TIMEOUT_MS - this.now();
    if (absoluteRemaining <= 0) {
      await this.redis.del(key);
      return false;
    }
    await this.redis.pexpire(key, Math.min(SESSION_IDLE_TIMEOUT_MS, absoluteRemaining));
    return true;
  }

  async destroy(id: string): Promise<void> {
    await this.redis.del(this.key(id));
  }

  private key(id: string): string {
    return `admin:session:${createHash('sha256').update(id).digest('hex')}`;
  }
}
