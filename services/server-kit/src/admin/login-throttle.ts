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
 * How long a reserved attempt's password check may run before it counts as abandoned (its
 * process ended before reporting): until then, the attempts past the allowance wait for it.
 */
export const CHECK_ALLOWANCE_MS = 30_000;

/**
 * One login attempt, reserved in a single step: refused while the global ceiling is reached
 * (KEYS[2], address clients only) or the client's delay has not passed; otherwise counted as a
 * failure before the password is checked, so parallel guesses cannot all pass a check that none
 * of them has yet recorded. Once the free failures are used, no attempt passes while a reserved
 * check is still running (`pending`): the delay runs from that check's answer, not from its start,
 * however long the check takes on a busy machine. Returns 0 when allowed, else the wait in
 * milliseconds. The delay is LoginThrottle.delayAfter's rule.
 */
const RESERVE_SCRIPT = `
local client, global = KEYS[1], KEYS[2]
local now, free, base, cap = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
if global and tonumber(redis.call('GET', global) or '0') >= tonumber(ARGV[6]) then
  return math.max(redis.call('PTTL', global), 1000)
end
local record = redis.call('HMGET', client, 'failures', 'lastFailureAt', 'pending', 'pendingUntil')
local failures, last = tonumber(record[1] or '0'), tonumber(record[2] or '0')
local pending, pendingUntil = tonumber(record[3] or '0'), tonumber(record[4] or '0')
if pendingUntil <= now then pending = 0 end
local delay = 0
if failures >= free then
  delay = math.min(base * 2 ^ (failures - free), cap)
  if pending > 0 then return delay end
end
if last + delay > now then return last + delay - now end
redis.call('HINCRBY', client, 'failures', 1)
redis.call('HSET', client, 'lastFailureAt', ARGV[1], 'pending', pending + 1, 'pendingUntil', now + tonumber(ARGV[8]))
redis.call('PEXPIRE', client, ARGV[5])
if global then
  redis.call('INCR', global)
  redis.call('PEXPIRE', global, ARGV[7], 'NX')
end
return 0
`;

/** A reserved check answered "wrong": one check fewer running, and the last failure's time moved on to now (never back). */
const FAILURE_SCRIPT = `
local record = redis.call('HMGET', KEYS[1], 'lastFailureAt', 'pending')
if not record[1] then return 0 end
if tonumber(record[1]) < tonumber(ARGV[1]) then redis.call('HSET', KEYS[1], 'lastFailureAt', ARGV[1]) end
if tonumber(record[2] or '0') > 0 then redis.call('HINCRBY', KEYS[1], 'pending', -1) end
return 0
`;

/** Clears the client's record and gives its reserved attempt back to the global count (address clients only). */
const SUCCESS_SCRIPT = `
redis.call('DEL', KEYS[1])
if KEYS[2] and tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 0
`;

/**
 * Slows password guessing without a lockout: after a few failures a client must wait a delay
 * that doubles with each failure (capped), and a global ceiling bounds guessing spread over many
 * addresses. Addresses count per IPv4 address and per IPv6 /64 (one subscriber's allocation), so
 * rotating through one's own IPv6 block gains nothing. Each attempt is reserved (counted as a
 * failure) before its password is checked; a success clears the client's record.
 */
export class LoginThrottle {
  constructor(
    private readonly redis: Redis,
    private readonly limits: LoginThrottleLimits = DEFAULT_LOGIN_THROTTLE,
    // Date.now read at each call, so a test holding the clock still also holds the app's throttle.
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Call before checking the password; an allowed attempt already counts as a failure. */
  async reserve(client: LoginClient): Promise<ThrottleVerdict> {
    const { freeFailures, baseDelayMs, maxDelayMs, memoryMs, globalFailuresPerWindow, globalWindowMs } = this.limits;
    const waitMs = Number(
      await this.redis.eval(
        RESERVE_SCRIPT,
        ...this.keys(client),
        this.now(),
        freeFailures,
        baseDelayMs,
        maxDelayMs,
        memoryMs,
        globalFailuresPerWindow,
        globalWindowMs,
        CHECK_ALLOWANCE_MS,
      ),
    );
    return waitMs > 0 ? { allowed: false, retryAfterMs: waitMs } : { allowed: true };
  }

  /**
   * After a wrong password: the attempt already counts, but its delay runs from now, so the time
   * the password check took is not taken off the wait before the next attempt.
   */
  async recordFailure(client: LoginClient): Promise<void> {
    await this.redis.eval(FAILURE_SCRIPT, 1, this.clientKey(client), this.now());
  }

  /** After a correct password: the reserved attempt was no failure. */
  async recordSuccess(client: LoginClient): Promise<void> {
    await this.redis.eval(SUCCESS_SCRIPT, ...this.keys(client));
  }

  delayAfter(failures: number): number {
    const over = failures - this.limits.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** over, this.limits.maxDelayMs);
  }

  /** EVAL's key count and keys: the client's record, then the global count for an address. */
  private keys(client: LoginClient): [number, ...string[]] {
    return 'ip' in client ? [2, this.clientKey(client), 'admin:login-failures:all'] : [1, this.clientKey(client)];
  }

  private clientKey(client: LoginClient): string {
    return 'ip' in client ? `admin:login-failures:${addressBlock(client.ip)}` : `admin:login-failures:${client.trustedDevice}`;
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
