/**
 * Loaded with `node --import` into the services when BENCH_PROFILE_DIR is set: V8's sampling
 * profiler runs from start-up, and SIGUSR2 writes `<pid>.cpuprofile` into that folder (open it
 * in Chrome DevTools or read it with any .cpuprofile viewer).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { isMainThread } from 'node:worker_threads';

// Node preloads --import modules into worker threads too; only the main thread is profiled.
const folder = isMainThread ? process.env.BENCH_PROFILE_DIR : undefined;
if (folder) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 1000 });
  await session.post('Profiler.start');
  let written = false;
  process.on('SIGUSR2', () => {
    if (written) return;
    written = true;
    session
      .post('Profiler.stop')
      .then(({ profile }) => writeFileSync(`${folder}/${process.pid}.cpuprofile`, JSON.stringify(profile)))
      .catch((error: unknown) => console.error(`CPU profile not written: ${String(error)}`));
  });
}
