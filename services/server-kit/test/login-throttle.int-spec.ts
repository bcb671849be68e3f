import { beforeEach, describe, expect, it } from '@jest/globals';
import { useFlushedRedis } from './support/test-redis.js';
import { addressBlock, DEFAULT_LOGIN_THROTTLE, LoginThrottle } from '../src/admin/login-throttle.js';
import { TrustedDevices } from '../src/admin/trusted-devices.js';

describe('LoginThrottle', () => {
  const redis = useFlushedRedis();
  let now: number;
  let throttle: LoginThrottle;

  beforeEach(() => {
    now = 1_000_000;
    throttle = new LoginThrottle(redis, DEFAULT_LOGIN_THROTTLE, () => now);
  });

  it('lets the first five failures through without delay', async () => {
    for (let i = 0; i < 5; i++) {
      expect(await throttle.check({ ip: '1.2.3.4' })).toEqual({ allowed: true });
      await throttle.recordFailure({ ip: '1.2.3.4' });
    }
    expect(await throttle.check({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 1000 });
  });

  it('doubles the delay with each further failure, up to a cap of 30 seconds', () => {
    expect([5, 6, 7, 8, 9, 10, 50].map((failures) => throttle.delayAfter(failures))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('allows the next attempt once the delay has passed, and a success clears the record', async () => {
    for (let i = 0; i < 7; i++) await throttle.recordFailure({ ip: '1.2.3.4' });
    expect(await throttle.check({ ip: '1.2.3.4' })).toEqual({ allowed: false, retryAfterMs: 4000 });
    now += 4000;
    expect(await throttle.check({ ip: '1.2.3.4' })).toEqual({ allowed: true });
    await throttle.recordSuccess({ ip: '1.2.3.4' });
    expect(await throttle.check({ ip: '1.2.3.4' })).toEqual({ allowed: true });
  });

  it('keeps other IPs unaffected', async () => {
    for (let i = 0; i < 20; i++) await throttle.recordFailure({ ip: '1.2.3.4' });
    expect(await throttle.check({ ip: '5.6.7.8' })).toEqual({ allowed: true });
  });

  it('stops everyone for the rest of the window once the global ceiling is reached', async () => {
    const small = new LoginThrottle(redis, { ...DEFAULT_LOGIN_THROTTLE, globalFailuresPerWindow: 3 }, () => now);
    await small.recordFailure({ ip: '10.0.0.1' });
    await small.recordFailure({ ip: '10.0.0.2' });
    expect(await small.check({ ip: '10.0.0.9' })).toEqual({ allowed: true });
    await small.recordFailure({ ip: '10.0.0.3' });
    const verdict = await small.check({ ip: '10.0.0.9' });
    expect(verdict.allowed).toBe(false);
  });

  it('counts an IPv6 client by its /64, so rotating addresses within it gains nothing', async () => {
    for (let i = 1; i <= 5; i++) await throttle.recordFailure({ ip: `2001:db8:1:2::${i.toString(16)}` });
    expect((await throttle.check({ ip: '2001:db8:1:2:ffff:ffff:ffff:ffff' })).allowed).toBe(false);
    expect(await throttle.check({ ip: '2001:db8:1:3::1' })).toEqual({ allowed: true });
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
    for (let i = 0; i < 10; i++) await small.recordFailure({ ip: `198.51.100.${i}` });
    expect((await small.check({ ip: '198.51.100.200' })).allowed).toBe(false);
    expect(await small.check({ trustedDevice: device! })).toEqual({ allowed: true });
    for (let i = 0; i < 5; i++) await small.recordFailure({ trustedDevice: device! });
    expect(await small.check({ trustedDevice: device! })).toEqual({ allowed: false, retryAfterMs: 1000 });
    expect(await redis.get('admin:login-failures:all')).toBe('10');
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
