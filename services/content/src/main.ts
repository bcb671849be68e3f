import { Logger } from '@nestjs/common';
import { startTracing, type Tracing } from '@agency/server-kit';
import { loadContentConfig } from './config/content-config.js';
import { createContentApp } from './http-app.js';

async function bootstrap(): Promise<void> {
  const config = loadContentConfig();
  flushTracesOnStop(await startTracing('agency-content'));
  const app = await createContentApp(config);
  await app.listen(config.port, config.bindHost);
  new Logger('Content').log(`Content service listening on ${config.bindHost} port ${config.port}`);
  // Under pm2 (make start), the next process starts once this one serves.
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
