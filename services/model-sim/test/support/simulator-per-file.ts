import { afterAll, beforeAll, beforeEach } from '@jest/globals';
import { startModelSimulator, type RunningModelSimulator } from '../../src/index.js';

/**
 * One simulator for the whole spec file, closed after it, with faults and counters reset before
 * every test. `onStarted` hands the running simulator to the file (jest hooks cannot return it).
 */
export function simulatorPerFile(onStarted: (sim: RunningModelSimulator) => void): void {
  let sim: RunningModelSimulator | undefined;

  beforeAll(async () => {
    sim = await startModelSimulator();
    onStarted(sim);
  });

  afterAll(async () => {
    await sim?.close();
  });

  beforeEach(() => {
    sim?.reset();
  });
}
