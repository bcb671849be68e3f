import { beforeEach, describe, expect, it } from '@jest/globals';
import { useFlushedRedis } from './support/test-redis.js';
import { DEFAULT_LOGIN_THROTTLE, LoginThrottle } from '../src/admin/login-throttle.js';

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
      expect(await throttle.check('1.2.3.4')).toEqual({ allowed: true });
      await throttle.recordFailure('1.2.3.4');
    }
    expect(await throttle.check('1.2.3.4')).toEqual({ allowed: false, retryAfterMs: 1000 });
  });

  it('doubles the delay with each further failure, up to a cap of 30 seconds', () => {
    expect([5, 6, 7, 8, 9, 10, 50].map((failures) => throttle.delayAfter(failures))).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000, 30_000]);
  });

  it('allows the next attempt once the delay has passed, and a success clears the record', async () => {
    for (let i = 0; i < 7; i++) await throttle.recordFailure('1.2.3.4');
    expect(await throttle.check('1.2.3.4')).toEqual({ allowed: false, retryAfterMs: 4000 });
    now += 4000;
    expect(await throttle.check('1.2.3.4')).toEqual({ allowed: true });
    await throttle.recordSuccess('1.2.3.4');
    expect(await throttle.check('1.2.3.4')).toEqual({ allowed: true });
  });

  it('keeps other IPs unaffected', async () => {
    for (let i = 0; i < 20; i++) await throttle.recordFailure('1.2.3.4');
    expect(await throttle.check('5.6.7.8')).toEqual({ allowed: true });
  });

  it('stops everyone for the rest of the window once the global ceiling is reached', async () => {
    const small = new LoginThrottle(redis, { ...DEFAULT_LOGIN_THROTTLE, globalFailuresPerWindow: 3 }, () => now);
    await small.recordFailure('10.0.0.1');
    await small.recordFailure('10.0.0.2');
    expect(await small.check('10.0.0.9')).toEqual({ allowed: true });
    await small.recordFailure('10.0.0.3');
    const verdict = await small.check('10.0.0.9');
    expect(verdict.allowed).toBe(false);
  });
});
