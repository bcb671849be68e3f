import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { CRAWLER_LOG_PATH, IMAGE_MAX_BYTES } from '@agency/shared';
import { configureHttpApp, createServiceLogger, PinoNestLogger, serveApiDescription } from '@agency/server-kit';
import { mountQueueDashboard } from './admin/queue-dashboard.js';
import { ToolsApiModule } from './api/tools-api.module.js';
import type { ToolsConfig } from './config/tools-config.js';
import type { ImageIntakeOptions } from './image/image-upload-intake.js';
import { ToolQueue } from './queue/tool-queue.js';

/** Tool forms are small; the image route carries up to 10 MB as base64 (4/3 of it) plus the email. */
export const TOOL_BODY_LIMIT_BYTES = 64 * 1024;
export const IMAGE_BODY_LIMIT_BYTES = Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;
/**
 * An upload stored by the intake waits this long for its request's controller, which gives it the
 * request's deadline; one refused by the rate limit or validation is gone after it.
 */
const UNCLAIMED_UPLOAD_TTL_MS = 15_000;

/** Builds the tools API's HTTP app; main.ts and the tests both use it. */
export async function createToolsApp(config: ToolsConfig): Promise<INestApplication> {
  const logger = createServiceLogger({ service: 'tools', environment: config.environment });
  const app = await NestFactory.create<NestExpressApplication>(ToolsApiModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  configureHttpApp(app, config, {
    defaultBytes: TOOL_BODY_LIMIT_BYTES,
    // The log upload: read as a stream by its route (crawler-log-upload-intake.ts).
    multipartPaths: [CRAWLER_LOG_PATH],
    byPath: {
      '/api/analyze-image': {
        bytes: IMAGE_BODY_LIMIT_BYTES,
        base64Fields: ['imageBase64'],
        intake: {
          module: new URL('./image/image-upload-intake.js', import.meta.url).href,
          options: { redisUrl: config.redisUrl, unclaimedTtlMs: UNCLAIMED_UPLOAD_TTL_MS } satisfies ImageIntakeOptions,
        },
      },
    },
  }, { service: 'tools', logger });
  // Merged into the content service's GET /api/openapi.json, which the gateway serves.
  serveApiDescription(app, { title: 'Tools API', description: 'The free tools and their admin records.', jsonPath: '/openapi.json' });
  // While the process stops, answers close their connections: a keep-alive client (the gateway)
  // would otherwise keep the server busy, and the process running, until it is killed.
  const queue = app.get(ToolQueue);
  app.use((_req: Request, res: Response, next: NextFunction) => {
    if (queue.stopping) res.setHeader('Connection', 'close');
    next();
  });
  mountQueueDashboard(app);
  return app;
}
