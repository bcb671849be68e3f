import { simConfigFromEnv } from './sim-config.js';
import { startModelSimulator } from './model-simulator.js';

function readPort(raw: string | undefined): number {
  if (raw === undefined || raw.trim() === '') return 3099;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`MODEL_SIM_PORT must be a port number, got "${raw}"`);
  return port;
}

async function main(): Promise<void> {
  const port = readPort(process.env.MODEL_SIM_PORT);
  const host = process.env.MODEL_SIM_HOST?.trim() || '127.0.0.1';
  const config = simConfigFromEnv(process.env);
  const simulator = await startModelSimulator({ port, host, config });
  console.log(`Model simulator listening on ${simulator.url} (config ${JSON.stringify(config)})`);

  const shutdown = (signal: string): void => {
    console.log(`Model simulator stopping on ${signal}`);
    simulator.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
