import { resetSim, setSimFaults } from './model-sim-control.js';

/** Runs `action` with the simulator misbehaving as `config` says, then puts it right again. */
export async function withSimFaults<T>(config: Record<string, unknown>, action: () => Promise<T>): Promise<T> {
  await setSimFaults(config);
  try {
    return await action();
  } finally {
    await resetSim();
  }
}
