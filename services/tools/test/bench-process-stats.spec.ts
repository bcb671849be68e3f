import { describe, expect, it } from '@jest/globals';
import { machineBusyCpuMs, parentPid, sampleProcessTree } from '../bench/process-stats.js';

/** The /proc readings `make bench` prints its CPU-per-audit figures from. */
describe('bench process stats', () => {
  it('finds a process\'s parent, and nothing for a process that does not exist', () => {
    expect(parentPid(process.pid)).toBe(process.ppid);
    expect(parentPid(2 ** 22 + 1)).toBeUndefined();
  });

  it('counts the CPU this process and the whole machine spend', () => {
    const ownBefore = sampleProcessTree(process.pid).cpuMs;
    const machineBefore = machineBusyCpuMs();
    const until = Date.now() + 300;
    let spins = 0;
    while (Date.now() < until) spins++;
    expect(spins).toBeGreaterThan(0);
    // Clock ticks are 10 ms; 300 ms of spinning shows as well over 100 ms on any machine.
    expect(sampleProcessTree(process.pid).cpuMs - ownBefore).toBeGreaterThanOrEqual(100);
    expect(machineBusyCpuMs() - machineBefore).toBeGreaterThanOrEqual(100);
  });
});
