import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { JSON_BODY_LIMIT_BYTES } from '@agency/shared';
import type { ServerConfig } from '../config/server-config.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import { errorBody } from './error-body.js';
import { StrictValidationPipe } from './strict-validation.pipe.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Wires what every HTTP service shares. The app must be created with `bodyParser: false`
 * so that body errors (too large, malformed) pass through the JSON error handler below.
 */
export function configureHttpApp(app: INestApplication, config: ServerConfig, jsonLimitBytes = JSON_BODY_LIMIT_BYTES): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.set('trust proxy', config.trustProxy);
  server.set('x-powered-by', false);
  server.set('case sensitive routing', true);

  app.use(refuseNonJsonBodies);
  app.use(express.json({ limit: jsonLimitBytes, strict: true }));
  app.use(express.urlencoded({ extended: false, limit: '16kb' }));
  app.use(bodyErrorHandler(jsonLimitBytes));

  app.useGlobalPipes(new StrictValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks();
}

function refuseNonJsonBodies(req: Request, res: Response, next: NextFunction): void {
  const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is(['application/json', 'application/x-www-form-urlencoded'])) {
    res.status(415).json(errorBody(415, 'Send the request body as JSON with the Content-Type application/json.'));
    return;
  }
  next();
}

function bodyErrorHandler(limitBytes: number) {
  return (err: unknown, _req: Request, res: Response, next: NextFunction): void => {
    const type = (err as { type?: unknown }).type;
    if (type === 'entity.too.large') {
      res.status(413).json(errorBody(413, `The request body is larger than the ${Math.round(limitBytes / 1024 / 1024)} MB limit.`));
    } else if (type === 'entity.parse.failed') {
      res.status(400).json(errorBody(400, 'The request body is not valid JSON.'));
    } else if (type === 'encoding.unsupported' || type === 'charset.unsupported') {
      res.status(415).json(errorBody(415, 'The request body must be UTF-8 encoded JSON.'));
    } else if (type === 'request.aborted' || type === 'request.size.invalid' || type === 'stream.encoding.set') {
      res.status(400).json(errorBody(400, 'The request body could not be read.'));
    } else {
      next(err);
    }
  };
}
