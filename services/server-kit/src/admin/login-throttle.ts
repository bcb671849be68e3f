import { isIP } from 'node:net';
import type { Redis } from 'ioredis';

export interface LoginThrottleLimits {
  /** Failed attempts from one client that carry no delay. */
  freeFailures: number;
  /** First delay after the free attempts; each further failure doubles it. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures remembered per client for this long after the last one. */
  memoryMs: number;
  /** Ceiling on failed logins from all addresses together within one window. */
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
 * Who is logging in: a client address (as the gateway forwards it), or a browser the admin has
 * logged in from before (its TrustedDevices key), which is throttled on its own record only.
 */
export type LoginClient = { ip: string } | { trustedDevice: string };

/**
 * Slows password guessing without a lockout: after a few failures a client must wait a delay
 * that doubles with each failure (capped), and a global ceiling bounds guessing spread over many
 * addresses. Addresses count per IPv4 address and per IPv6 /64 (one subscriber's allocation), so
 * rotating through one's own IPv6 block gains nothing. A success clears the client's record.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  async check(client: LoginClient): Promise<ThrottleVerdict> {
    const byAddress = 'ip' in client;
    const [record, globalCount, globalTtl] = await Promise.all([
      this.redis.hmget(this.clientKey(client), 'failures', 'lastFailureAt'),
      byAddress ? this.redis.get(this.globalKey()) : null,
      byAddress ? this.redis.pttl(this.globalKey()) : 0,
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

  async recordFailure(client: LoginClient): Promise<void> {
    const clientKey = this.clientKey(client);
    const multi = this.redis
      .multi()
      .hincrby(clientKey, 'failures', 1)
      .hset(clientKey, 'lastFailureAt', String(this.now()))
      .pexpire(clientKey, this.limits.memoryMs);
    if ('ip' in client) multi.incr(this.globalKey()).pexpire(this.globalKey(), this.limits.globalWindowMs, 'NX');
    await multi.exec();
  }

  async recordSuccess(client: LoginClient): Promise<void> {
    await this.redis.del(this.clientKey(client));
  }

  delayAfter(failures: number): number {
    const over = failures - this.limits.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** over, this.limits.maxDelayMs);
  }

  private clientKey(client: LoginClient): string {
    return 'ip' in client ? `admin:login-failures:${addressBlock(client.ip)}` : `admin:login-failures:${client.trustedDevice}`;
  }

  private globalKey(): string {
    return 'admin:login-failures:all';
  }
}

/** An IPv4 address as it is (IPv4-mapped IPv6 included); an IPv6 address as its /64. */
export function addressBlock(ip: string): string {
  const address = ip.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail] = address.toLowerCase().split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groupCount = (groups: string[]) => groups.reduce((count, group) => count + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - groupCount(headGroups) - groupCount(tailGroups)).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups.slice(0, 4).map((group) => Number.parseInt(group, 16).toString(16)).join(':')}::/64`;
}
