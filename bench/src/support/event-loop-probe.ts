/**
 * Preloaded into a service process by the image benchmark (`node --import <this file> main.js`),
 * so the service's own code stays as it ships. Measures how long the process's event loop was
 * blocked (perf_hooks.monitorEventLoopDelay) and appends one JSON line per 250 ms window to
 * BENCH_EVENT_LOOP_FILE: { at: epoch ms at the window's end, maxMs, meanMs }.
 * With BENCH_CPU_PROFILE=<file>, also records a CPU profile (Chrome DevTools format) until SIGTERM.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { constants, monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const WINDOW_MS = 250;
// Node preloads --import modules into worker threads too; only the thread that answers requests is measured.
const loopFile = isMainThread ? process.env.BENCH_EVENT_LOOP_FILE : undefined;
const profileFile = isMainThread ? process.env.BENCH_CPU_PROFILE : undefined;

if (loopFile) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  setInterval(() => {
    appendFileSync(loopFile, `${JSON.stringify({ at: Date.now(), maxMs: histogram.max / 1e6, meanMs: histogram.mean / 1e6 })}\n`);
    histogram.reset();
  }, WINDOW_MS).unref();
}

/** BENCH_GC_FILE=<file>: one JSON line per garbage collection pause over 5 ms: { at, kind, ms }. */
const gcFile = isMainThread ? process.env.BENCH_GC_FILE : undefined;
if (gcFile) {
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.duration < 5) continue;
      const detail = (entry as { detail?: unknown }).detail as { kind?: number; flags?: number } | undefined;
      appendFileSync(gcFile, `${JSON.stringify({ at: Date.now(), kind: kinds[detail?.kind ?? -1] ?? detail?.kind, flags: detail?.flags, ms: Number(entry.duration.toFixed(1)) })}\n`);
    }
  }).observe({ entryTypes: ['gc'] });
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
