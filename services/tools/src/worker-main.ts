import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadToolsConfig } from './config/tools-config.js';
import { WorkerModule } from './worker/worker.module.js';

/** A model worker: no HTTP server; run one or many. SIGTERM lets in-flight jobs finish. */
async function bootstrap(): Promise<void> {
  const config = loadToolsConfig();
  const app = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
    logger: config.environment === 'test' ? ['error', 'warn'] : ['log', 'error', 'warn'],
  });
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  new Logger('Worker').log(`worker ${process.pid} started`);
}

bootstrap().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
