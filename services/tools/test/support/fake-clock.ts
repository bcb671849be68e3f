import { readFileSync, renameSync, writeFileSync } from 'node:fs';

/**
 * When each clock installed in this process (by file) last read its file. The process that moves a clock must follow it at
 * once: its next job or request would otherwise carry the time of up to 20 ms before, which after
 * a jump of days makes a fresh job look long expired to the worker.
 */
const installedClocks = new Map<string, { readAt: number }>();

/**
 * A wall clock that tests move forward, shared by the test process and the worker processes it
 * starts: each reads the offset from real time in one file (FAKE_CLOCK_FILE). Date and Date.now
 * follow it, so BullMQ's schedules (which read Date.now in every process, and pass it to Redis)
 * come due when the test says; timers and performance.now keep real time, so nothing waits longer.
 */
export function installFakeClock(file: string): void {
  const RealDate = Date;
  const realNow = RealDate.now.bind(RealDate);
  let offset = 0;
  const reading = { readAt: -Infinity };
  installedClocks.set(file, reading);
  const currentOffset = (): number => {
    const now = realNow();
    if (now - reading.readAt > 20) {
      reading.readAt = now;
      try {
        const text = readFileSync(file, 'utf8').trim();
        if (text !== '' && Number.isFinite(Number(text))) offset = Math.round(Number(text));
      } catch {
        // Not written yet: real time until it is.
      }
    }
    return offset;
  };
  class FakeDate extends RealDate {
    constructor(...args: unknown[]) {
      if (args.length === 0) super(realNow() + currentOffset());
      else super(...(args as [string | number | Date]));
    }

    static override now(): number {
      return realNow() + currentOffset();
    }
  }
  globalThis.Date = FakeDate as DateConstructor;
}

/** Sets the shared clock to `at`: this process follows it at once, every other within 20 ms. */
export function setFakeClock(file: string, at: Date | number): void {
  const target = typeof at === 'number' ? at : at.getTime();
  // Real time, whatever this process's Date says.
  // Written aside and renamed over, so that no process ever reads a half-written offset.
  writeFileSync(`${file}.next`, String(Math.round(target - performance.timeOrigin - performance.now())));
  renameSync(`${file}.next`, file);
  const installed = installedClocks.get(file);
  if (installed) installed.readAt = -Infinity;
}
