import { Logger } from '@nestjs/common';
import { startTracing, type Tracing } from '@agency/server-kit';
import { loadToolsConfig } from './config/tools-config.js';
import { createToolsApp } from './http-app.js';

async function bootstrap(): Promise<void> {
  const config = loadToolsConfig();
  flushTracesOnStop(await startTracing('agency-tools-api'));
  const app = await createToolsApp(config);
  await app.listen(config.port, config.bindHost);
  const configured = Object.values(config.providers).filter((provider) => provider.apiKey).length;
  const providers = config.modelSimulatorUrl ? `DEMO MODE: every model is simulated by ${config.modelSimulatorUrl}` : `${configured} of 4 model providers have keys`;
  const logger = new Logger('Tools');
  logger.log(`Tools API listening on ${config.bindHost} port ${config.port} (${providers})`);
  if (configured === 0) {
    logger.warn('No model provider key and no MODEL_SIMULATOR_URL: every tool answers 503. Set a key, or run demo mode (docs/operations.md).');
  }
  // Under pm2 (make start), the workers start once this process serves.
  process.send?.('ready');
}

/** Spans still buffered go out while the process stops (Nest's own shutdown hooks run meanwhile). */
function flushTracesOnStop(tracing: Tracing | undefined): void {
  if (!tracing) return;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void tracing.shutdown().catch(() => undefined));
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
