import { e2eStack } from './e2e-env.js';

const simUrl = `http://127.0.0.1:${e2eStack.modelSimPort}`;

/** Makes the stack's model simulator misbehave, or cite a site (PUT /__sim/config, see services/model-sim). */
export async function setSimFaults(config: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${simUrl}/__sim/config`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(config),
  });
  if (!response.ok) throw new Error(`the simulator refused its config: ${response.status} ${await response.text()}`);
}

/** Back to well-behaved models; call it in `finally` so other specs are unaffected. */
export async function resetSim(): Promise<void> {
  const response = await fetch(`${simUrl}/__sim/reset`, { method: 'POST' });
  if (!response.ok) throw new Error(`the simulator did not reset: ${response.status}`);
}
