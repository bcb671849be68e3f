import { describe, expect, it } from '@jest/globals';
import { getEventListeners } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { DeadlineSignal } from '../src/models/deadline-signal.js';

describe('DeadlineSignal', () => {
  it('aborts with a TimeoutError when its time runs out', async () => {
    const deadline = new DeadlineSignal(20);
    await sleep(60);
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(true);
    expect((deadline.signal.reason as DOMException).name).toBe('TimeoutError');
    deadline.dispose();
  });

  it('aborts with the parent’s reason when the parent aborts first, and is not "timed out"', () => {
    const parent = new AbortController();
    const deadline = new DeadlineSignal(10_000, parent.signal);
    parent.abort(new Error('job cancelled'));
    expect(deadline.signal.aborted).toBe(true);
    expect(deadline.timedOut).toBe(false);
    expect((deadline.signal.reason as Error).message).toBe('job cancelled');
    deadline.dispose();
  });

  it('starts aborted under an aborted parent, and keeps no timer running', () => {
    const parent = new AbortController();
    parent.abort();
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const deadline = new DeadlineSignal(10_000, parent.signal);
    expect(deadline.signal.aborted).toBe(true);
    // A pending timer would keep the process (and this test run) alive for ten seconds.
    expect(timers()).toBe(before);
  });

  it('leaves nothing behind once disposed: no listener on the parent, no timer firing', async () => {
    const parent = new AbortController();
    const calls = Array.from({ length: 100 }, () => new DeadlineSignal(20, parent.signal));
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(100);
    calls.forEach((call) => call.dispose());
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(0);
    await sleep(60);
    expect(calls.some((call) => call.signal.aborted)).toBe(false);
  });
});
