import { beforeEach, describe, expect, it } from '@jest/globals';
import { useFlushedRedis } from './support/test-redis.js';
import { addressBlock, DEFAULT_LOGIN_THROTTLE, type LoginClient, LoginThrottle, type ThrottleVerdict } from '../src/admin/login-throttle.js';
import { TrustedDevices } from '../src/admin/trusted-devices.js';

describe('LoginThrottle', () => {
  const redis = useFlushedRedis();
  let now: number;
  let throttle: LoginThrottle;

  beforeEach(() => {
    now = 1_000_000;
    throttle = new LoginThrottle(redis, DEFAULT_LOGIN_THROTTLE, () => now);
  });

  const burst = (limiter: LoginThrottle, clients: LoginClient[]) => Promise.all(clients.map((client) => limiter.reserve(client)));
  const allowedCount = (verdicts: ThrottleVerdict[]) => verdicts.filter((verdict) => verdict.allowed).length;
  /** An attempt with a wrong password whose check answers at once. */
  const wrongPassword = async (client: LoginClient): Promise<ThrottleVerdict> => {
    const verdict = await throttle.reserve(client);
    if (verdict.allowed) await throttle.recordFailure(client);
    return verdict;
  };

  it('lets the first five attempts through without delay, each counted as a failure before its password is checked', async () => {
    for (let i = 0; i < 5; i++) expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('5');
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('5');
  });

  it('doubles the delay with each further failure, up to a cap of 30 seconds', () => {
    expect([5, 6, 7, 8, 9, 10, 50].map((failures) => throttle.delayAfter(failures))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('allows the next attempt once the delay has passed, and a success clears the record', async () => {
    for (let i = 0; i < 5; i++) await wrongPassword({ ip: '1.2.3.4' });
    for (const delay of [1000, 2000]) {
      expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: delay });
      now += delay;
      expect(await wrongPassword({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    }
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 4000 });
    now += 4000;
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    await throttle.recordSuccess({ ip: '1.2.3.4' });
    expect(await redis.exists('admin:login-failures:1.2.3.4')).toBe(0);
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
  });

  it('runs the delay from the wrong password’s answer, so a slow password check does not shorten the wait', async () => {
    for (let i = 0; i < 5; i++) await throttle.reserve({ ip: '1.2.3.4' });
    now += 700;
    for (let i = 0; i < 5; i++) await throttle.recordFailure({ ip: '1.2.3.4' });
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
    now -= 300;
    await throttle.recordFailure({ ip: '1.2.3.4' });
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'lastFailureAt')).toBe(String(now + 300));
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('5');
    await throttle.recordFailure({ ip: '9.9.9.9' });
    expect(await redis.exists('admin:login-failures:9.9.9.9')).toBe(0);
  });

  it('refuses further attempts while the allowance’s password checks are still running, however long they take', async () => {
    for (let i = 0; i < 5; i++) expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    now += 5000;
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
    for (let i = 0; i < 4; i++) await throttle.recordFailure({ ip: '1.2.3.4' });
    now += 5000;
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
    await throttle.recordFailure({ ip: '1.2.3.4' });
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
    now += 1000;
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('6');
  });

  it('stops waiting for a check that never reported (its process ended) after 30 seconds', async () => {
    for (let i = 0; i < 5; i++) await throttle.reserve({ ip: '1.2.3.4' });
    now += 29_000;
    expect((await throttle.reserve({ ip: '1.2.3.4' })).allowed).toBe(false);
    now += 1000;
    expect(await throttle.reserve({ ip: '1.2.3.4' })).toEqual({ allowed: true });
  });

  it('keeps other IPs unaffected', async () => {
    for (let i = 0; i < 20; i++) await throttle.reserve({ ip: '1.2.3.4' });
    expect(await throttle.reserve({ ip: '5.6.7.8' })).toEqual({ allowed: true });
  });

  it('stops everyone for the rest of the window once the global ceiling is reached', async () => {
    const small = new LoginThrottle(redis, { ...DEFAULT_LOGIN_THROTTLE, globalFailuresPerWindow: 3 }, () => now);
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect(await small.reserve({ ip })).toEqual({ allowed: true });
    const verdict = await small.reserve({ ip: '10.0.0.9' });
    expect(verdict.allowed).toBe(false);
    expect(verdict.allowed ? 0 : verdict.retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(verdict.allowed ? 0 : verdict.retryAfterMs).toBeLessThanOrEqual(60_000);
    expect(await redis.get('admin:login-failures:all')).toBe('3');
  });

  it('allows five of 20 parallel attempts from one address and tells the rest to wait the first delay', async () => {
    const verdicts = await burst(throttle, Array.from({ length: 20 }, () => ({ ip: '1.2.3.4' })));
    expect(allowedCount(verdicts)).toBe(5);
    expect(verdicts.filter((verdict) => !verdict.allowed)).toEqual(Array.from({ length: 15 }, () => ({ allowed: false, retryAfterMs: 1000 })));
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('5');
    expect(await redis.get('admin:login-failures:all')).toBe('5');
  });

  it('allows five of 20 parallel attempts on one trusted device, counted on its record only', async () => {
    const devices = new TrustedDevices(redis);
    const device = (await devices.recognise(await devices.issue()))!;
    const verdicts = await burst(throttle, Array.from({ length: 20 }, () => ({ trustedDevice: device })));
    expect(allowedCount(verdicts)).toBe(5);
    expect(await redis.hget(`admin:login-failures:${device}`, 'failures')).toBe('5');
    expect(await redis.get('admin:login-failures:all')).toBeNull();
  });

  it('does not let a parallel burst from 50 addresses overshoot the global ceiling', async () => {
    const small = new LoginThrottle(redis, { ...DEFAULT_LOGIN_THROTTLE, globalFailuresPerWindow: 10 }, () => now);
    const verdicts = await burst(small, Array.from({ length: 50 }, (_, i) => ({ ip: `10.1.0.${i}` })));
    expect(allowedCount(verdicts)).toBe(10);
    expect(await redis.get('admin:login-failures:all')).toBe('10');
    expect(await redis.pttl('admin:login-failures:all')).toBeGreaterThan(0);
  });

  it('gives an address’s reserved attempt back to the global count when its password was right', async () => {
    await throttle.reserve({ ip: '1.2.3.4' });
    await throttle.reserve({ ip: '5.6.7.8' });
    await throttle.recordSuccess({ ip: '5.6.7.8' });
    expect(await redis.get('admin:login-failures:all')).toBe('1');
    expect(await redis.exists('admin:login-failures:5.6.7.8')).toBe(0);
    expect(await redis.hget('admin:login-failures:1.2.3.4', 'failures')).toBe('1');
  });

  it('never locks a client out: after a burst, each passing delay lets one more attempt through, and the record is forgotten after an hour', async () => {
    expect(allowedCount(await burst(throttle, Array.from({ length: 20 }, () => ({ ip: '1.2.3.4' }))))).toBe(5);
    for (let i = 0; i < 5; i++) await throttle.recordFailure({ ip: '1.2.3.4' });
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) {
      const verdict = await throttle.reserve({ ip: '1.2.3.4' });
      if (verdict.allowed) throw new Error('allowed before its delay');
      waits.push(verdict.retryAfterMs);
      now += verdict.retryAfterMs;
      expect(await wrongPassword({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000, 30_000]);
    const ttl = await redis.pttl('admin:login-failures:1.2.3.4');
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DEFAULT_LOGIN_THROTTLE.memoryMs);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    for (let i = 1; i <= 5; i++) expect(await throttle.reserve({ ip: `2001:db8:1:2::${i.toString(16)}` })).toEqual({ allowed: true });
    expect((await throttle.reserve({ ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).allowed).toBe(false);
    expect(await throttle.reserve({ ip: '2001:db8:1:3::1' })).toEqual({ allowed: true });
  });

  it('reads every spelling of an address as the same client', () => {
    expect(addressBlock('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('203.0.113.9')).toBe('203.0.113.9');
    expect(addressBlock('2001:DB8:0:0:1::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressBlock('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBlock('::1')).toBe('0:0:0:0::/64');
    expect(addressBlock('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('throttles a trusted device on its own record, untouched by its address or the global ceiling', async () => {
    const devices = new TrustedDevices(redis);
    const device = await devices.recognise(await devices.issue());
    expect(device).toMatch(/^device:[0-9a-f]{64}$/);
    const small = new LoginThrottle(redis, { ...DEFAULT_LOGIN_THROTTLE, globalFailuresPerWindow: 3 }, () => now);
    for (let i = 0; i < 10; i++) await small.reserve({ ip: `198.51.100.${i}` });
    expect((await small.reserve({ ip: '198.51.100.200' })).allowed).toBe(false);
    for (let i = 0; i < 5; i++) expect(await small.reserve({ trustedDevice: device! })).toEqual({ allowed: true });
    expect(await small.reserve({ trustedDevice: device! })).toEqual({ allowed: false, retryAfterMs: 1000 });
    await small.recordSuccess({ trustedDevice: device! });
    expect(await small.reserve({ trustedDevice: device! })).toEqual({ allowed: true });
    expect(await redis.get('admin:login-failures:all')).toBe('3');
  });

  it('recognises only tokens it issued and still holds', async () => {
    const devices = new TrustedDevices(redis);
    const first = await devices.issue();
    expect(await devices.recognise(first)).toBeDefined();
    expect(await devices.recognise(undefined)).toBeUndefined();
    expect(await devices.recognise('A'.repeat(43))).toBeUndefined();
    expect(await devices.recognise('../../etc/passwd')).toBeUndefined();
    const second = await devices.issue(first);
    expect(await devices.recognise(first)).toBeUndefined();
    expect(await devices.recognise(second)).toBeDefined();
  });
});
