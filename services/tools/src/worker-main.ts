import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { createServiceLogger, PinoNestLogger, startMetricsListener, startProcessMetrics, startTracing, type Tracing } from '@agency/server-kit';
import { loadToolsConfig } from './config/tools-config.js';
import { checkConfiguredModels } from './models/model-check.js';
import { WorkerModule } from './worker/worker.module.js';

/**
 * A model worker: no HTTP API; run one or many. SIGTERM lets in-flight jobs finish. With
 * WORKER_METRICS_PORT set it answers GET /metrics and GET /health on that port.
 */
async function bootstrap(): Promise<void> {
  const config = loadToolsConfig();
  flushTracesOnStop(await startTracing('agency-worker'));
  const logger = createServiceLogger({ service: 'worker', environment: config.environment });
  if (!config.demoMode) {
    // A model the provider does not offer would fail every answer: refuse to start instead.
    const { missing, unreadable } = await checkConfiguredModels(config.providers);
    for (const problem of unreadable) logger.warn(problem);
    if (missing.length > 0) throw new Error(`The worker cannot start. ${missing.join(' ')}`);
  }
  startProcessMetrics('worker');
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), { logger: new PinoNestLogger(logger) });
  let stopping = false;
  const metricsServer =
    config.workerMetricsPort === undefined ? undefined : await startMetricsListener(config.workerMetricsPort, config.bindHost, () => !stopping);
  // Nest's shutdown hooks let in-flight jobs finish, then close the connections; /health turns 503 at once.
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      stopping = true;
      metricsServer?.close();
    });
  }
  const metricsNote = config.workerMetricsPort === undefined ? '' : `; metrics on ${config.bindHost} port ${config.workerMetricsPort}`;
  new Logger('Worker').log(`worker ${process.pid} started${metricsNote}`);
  // Under pm2 (make start), the gateway starts once the workers take jobs.
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
