import 'reflect-metadata';
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { JSON_BODY_LIMIT_BYTES } from '@agency/shared';
import { configureHttpApp, createServiceLogger, PinoNestLogger, serveApiDescription } from '@agency/server-kit';
import { AppModule } from './app.module.js';
import { MEDIA_UPLOAD_PATH } from './media/media.controller.js';
import type { ContentConfig } from './config/content-config.js';

/** Builds the content service's HTTP app; main.ts and the tests both use it. */
export async function createContentApp(config: ContentConfig): Promise<INestApplication> {
  const logger = createServiceLogger({ service: 'content', environment: config.environment });
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    bodyParser: false,
    logger: new PinoNestLogger(logger),
  });
  // The unsubscribe page's button is a plain HTML form (and RFC 8058 one-click posts a form too).
  // An image upload arrives as base64 JSON: 4/3 of the file's size plus the alt text.
  configureHttpApp(
    app,
    config,
    {
      defaultBytes: JSON_BODY_LIMIT_BYTES,
      formPaths: ['/api/newsletter/unsubscribe'],
      byPath: { [MEDIA_UPLOAD_PATH]: { bytes: Math.ceil((config.mediaMaxBytes * 4) / 3) + 64 * 1024, base64Fields: ['data'] } },
    },
    { service: 'content', logger },
  );
  serveApiDescription(app, {
    title: 'Agency site API',
    description: 'Every public and admin route of the content service and the tools API (docs/api.md).',
    jsonPath: '/api/openapi.json',
    pagePath: '/api/docs',
    include: [{ name: 'tools API', url: config.toolsApiDescriptionUrl }],
  });
  return app;
}
