import type { Redis } from 'ioredis';

export interface LoginThrottleLimits {
  /** Failed attempts from one IP that carry no delay. */
  freeFailures: number;
  /** First delay after the free attempts; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures remembered per IP for this long after the last one. */
  memoryMs: number;
  /** Ceiling on failed logins from all IPs together within one window. */
  globalFailuresPerWindow: number;
  globalWindowMs: number;
}

export const DEFAULT_LOGIN_THROTTLE: LoginThrottleLimits = {
  freeFailures: 5,
  baseDelayMs: 1000,
  maxDelayMs: 30_000,
  memoryMs: 60 * 60 * 1000,
  globalFailuresPerWindow: 200,
  globalWindowMs: 60_000,
};

export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Slows password guessing without a lockout: after a few failures an IP must wait a delay that
 * doubles with each failure (capped, so the staff behind that IP get in after it at the latest),
 * and a global ceiling bounds guessing spread over many IPs. A success clears the IP's record.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  async check(ip: string): Promise<ThrottleVerdict> {
    const [record, globalCount, globalTtl] = await Promise.all([
      this.redis.hmget(this.ipKey(ip), 'failures', 'lastFailureAt'),
      this.redis.get(this.globalKey()),
      this.redis.pttl(this.globalKey()),
    ]);
    if (Number(globalCount ?? 0) >= this.limits.globalFailuresPerWindow) {
      return { allowed: false, retryAfterMs: Math.max(globalTtl, 1000) };
    }
    const failures = Number(record[0] ?? 0);
    const lastFailureAt = Number(record[1] ?? 0);
    const delay = this.delayAfter(failures);
    const waitMs = lastFailureAt + delay - this.now();
    return waitMs > 0 ? { allowed: false, retryAfterMs: waitMs } : { allowed: true };
  }

  async recordFailure(ip: string): Promise<void> {
    const ipKey = this.ipKey(ip);
    const globalKey = this.globalKey();
    await this.redis
      .multi()
      .hincrby(ipKey, 'failures', 1)
      .hset(ipKey, 'lastFailureAt', String(this.now()))
      .pexpire(ipKey, this.limits.memoryMs)
      .incr(globalKey)
      .pexpire(globalKey, this.limits.globalWindowMs, 'NX')
      .exec();
  }

  async recordSuccess(ip: string): Promise<void> {
    await this.redis.del(this.ipKey(ip));
  }

  delayAfter(failures: number): number {
    const over = failures - this.limits.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** over, this.limits.maxDelayMs);
  }

  private ipKey(ip: string): string {
    return `admin:login-failures:${ip}`;
  }

  private globalKey(): string {
    return 'admin:login-failures:all';
  }
}
