/**
 * Loaded with `node --import` into the services when BENCH_PROFILE_DIR is set: V8's sampling
 * profiler runs from start-up, and SIGUSR2 writes `<pid>.cpuprofile` into that folder (open it
 * in Chrome DevTools or read it with any .cpuprofile viewer).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

const folder = process.env.BENCH_PROFILE_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  process.on('SIGUSR2', () => {
    void session.post('Profiler.stop').then(({ profile }) => writeFileSync(`${folder}/${process.pid}.cpuprofile`, JSON.stringify(profile)));
  });
}
