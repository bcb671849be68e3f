import { EnvReader } from '@agency/server-kit/config';
import { readSimConfig, readSimListen, SimConfigError } from './sim-config.js';
import { startModelSimulator } from './model-simulator.js';

async function main(): Promise<void> {
  const env = new EnvReader();
  const { port, host } = readSimListen(env);
  const config = readSimConfig(env);
  env.finish(SimConfigError);
  const simulator = await startModelSimulator({ port, host, config });
  console.log(`Model simulator listening on ${simulator.url} (config ${JSON.stringify(config)})`);
  // Under pm2 (make start), the tools API starts once the simulator serves.
  process.send?.('ready');

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
