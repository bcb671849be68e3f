/**
 * Preloaded into a service process by the image benchmark (`node --import <this file> main.js`),
 * so the service's own code stays as it ships. Measures how long the process's event loop was
 * blocked (perf_hooks.monitorEventLoopDelay) and appends one JSON line per 250 ms window to
 * BENCH_EVENT_LOOP_FILE: { at: epoch ms at the window's end, maxMs, meanMs }.
 * With BENCH_CPU_PROFILE=<file>, also records a CPU profile (Chrome DevTools format) until SIGTERM.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const WINDOW_MS = 250;
const loopFile = process.env.BENCH_EVENT_LOOP_FILE;
const profileFile = process.env.BENCH_CPU_PROFILE;

if (loopFile) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(loopFile, `${JSON.stringify({ at: Date.now(), maxMs: histogram.max / 1e6, meanMs: histogram.mean / 1e6 })}\n`);
    histogram.reset();
  }, WINDOW_MS).unref();
}

if (profileFile) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
  // Registered before the service's own handlers; a same-thread session answers synchronously.
  process.once('SIGTERM', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(profileFile, JSON.stringify(result.profile));
    });
  });
}
