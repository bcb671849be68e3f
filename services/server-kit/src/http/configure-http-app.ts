import type { INestApplication } from '@nestjs/common';
import express, { type NextFunction, type Request, type Response } from 'express';
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { JSON_BODY_LIMIT_BYTES } from '@agency/shared';
import { adminAccess } from '../admin/admin-routes.js';
import type { ServerConfig } from '../config/server-config.js';
import { AllExceptionsFilter } from './all-exceptions.filter.js';
import type { BinaryIntake } from './binary-intake.js';
import { errorBody } from './error-body.js';
import { httpLogging } from '../logging/http-logging.js';
import { httpTracing, tracingEnabled } from '../tracing/tracing.js';
import { httpMetrics, startProcessMetrics } from '../metrics/metrics.js';
import { closeBodyDecodingPool, largeJsonParser } from './large-json-body.js';
import { StrictValidationPipe } from './strict-validation.pipe.js';

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
/**
 * Idle keep-alive connections stay open longer than the gateway keeps its idle upstream
 * connections (nginx: 60 s). With Node's default of 5 s, nginx sent requests on connections this
 * server was closing at that moment and answered them 502 (seen under load in `make reliability`).
 */
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/**
 * Wires what every HTTP service shares. The app must be created with `bodyParser: false`
 * so that body errors (too large, malformed) pass through the JSON error handler below.
 */
export interface BodyLimits {
  /** JSON body limit for every route not listed in `byPath`. */
  defaultBytes: number;
  /**
   * Exact request paths with their own, larger JSON limit (the image upload route, say), whose
   * top-level `base64Fields` arrive as Buffers. Large bodies of every route are decoded off the
   * event loop.
   */
  byPath?: Record<string, LargeBodyRoute>;
  /**
   * Exact request paths that also take an HTML form's body (application/x-www-form-urlencoded);
   * every other route takes JSON only.
   */
  formPaths?: readonly string[];
  /**
   * Exact request paths that take multipart/form-data only (a file upload). No parser runs for
   * them here: the route reads the body as a stream itself, so it is never buffered whole.
   */
  multipartPaths?: readonly string[];
}

export interface LargeBodyRoute {
  bytes: number;
  base64Fields?: readonly string[];
  /** Takes the decoded fields on the decoding thread instead of handing the bytes over (binary-intake.ts). */
  intake?: BinaryIntake;
}

/** The process's name in its metrics and logs, and its logger (logging/logger.ts). */
export interface Observability {
  service: string;
  logger: Logger;
}

export function configureHttpApp(
  app: INestApplication,
  config: ServerConfig,
  limits: BodyLimits = { defaultBytes: JSON_BODY_LIMIT_BYTES },
  observability?: Observability,
): void {
  const server = app.getHttpAdapter().getInstance() as express.Express;
  server.set('trust proxy', config.trustProxy);
  server.set('x-powered-by', false);
  server.set('case sensitive routing', true);

  const limitFor = (path: string): number => limits.byPath?.[path]?.bytes ?? limits.defaultBytes;
  // Bodies over 64 KB are parsed on the decoding thread on every route (a 1 MB body of 60,000
  // fields held the event loop for about 70 ms while JSON.parse ran on it), and every JSON body,
  // inline or not, is refused there when it is too deep or holds too many values.
  const defaultParser = largeJsonParser(limits.defaultBytes);
  const largeParsers = new Map(Object.entries(limits.byPath ?? {}).map(([path, route]) => [path, largeJsonParser(route.bytes, route.base64Fields, route.intake)]));
  const formPaths = new Set(limits.formPaths ?? []);
  const formParser = express.urlencoded({ extended: false, limit: '16kb' });
  // First, so that every answer is timed and every line logged about a request carries its id.
  if (observability) {
    startProcessMetrics(observability.service);
    app.use(httpMetrics());
    app.use(httpLogging(observability.logger));
  }
  if (tracingEnabled()) app.use(httpTracing());
  app.use(noStoreForAdminPaths);
  app.use(refuseUnexpectedBodyTypes(formPaths, new Set(limits.multipartPaths ?? [])));
  app.use((req: Request, res: Response, next: NextFunction) => (largeParsers.get(req.path) ?? defaultParser)(req, res, next));
  app.use((req: Request, res: Response, next: NextFunction) => (formPaths.has(req.path) ? formParser(req, res, next) : next()));
  app.use(bodyErrorHandler(limitFor));

  const httpServer = app.getHttpServer() as Server;
  httpServer.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  httpServer.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
  httpServer.once('close', () => void closeBodyDecodingPool());

  app.useGlobalPipes(new StrictValidationPipe());
  app.useGlobalFilters(new AllExceptionsFilter());
  app.enableShutdownHooks(['SIGTERM', 'SIGINT']);
  (app.getHttpServer() as Server).on('clientError', answerUnreadableRequest);
}

/**
 * Requests Node's parser refuses before Express sees them (headers or address over 16 KB,
 * malformed request lines) get the JSON error shape too, instead of Node's bare status line.
 */
function answerUnreadableRequest(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message]: [number, string] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'The request address or headers are too long.']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'The request took too long to arrive.']
        : [400, 'The request could not be read.'];
  const body = JSON.stringify(errorBody(status, message));
  const forHead = error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ';
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${forHead ? '' : body}`,
  );
}

/** Admin and session answers (refusals included) are for one person: no browser or proxy may keep them. */
function noStoreForAdminPaths(req: Request, res: Response, next: NextFunction): void {
  if (adminAccess(req.path) !== 'public') res.setHeader('Cache-Control', 'no-store');
  next();
}

function refuseUnexpectedBodyTypes(formPaths: ReadonlySet<string>, multipartPaths: ReadonlySet<string>) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    if (multipartPaths.has(req.path)) {
      if (METHODS_WITH_BODY.has(req.method) && !req.is('multipart/form-data')) {
        res.status(415).json(errorBody(415, 'Send the request body as multipart/form-data.'));
        return;
      }
      next();
      return;
    }
    const accepted = formPaths.has(req.path) ? ['application/json', 'application/x-www-form-urlencoded'] : ['application/json'];
    if (METHODS_WITH_BODY.has(req.method) && hasBody && !req.is(accepted)) {
      res.status(415).json(errorBody(415, 'Send the request body as JSON with the Content-Type application/json.'));
      return;
    }
    next();
  };
}

function bodyErrorHandler(limitFor: (path: string) => number) {
  return (err: unknown, req: Request, res: Response, next: NextFunction): void => {
    const type = (err as { type?: unknown }).type;
    if (type === 'entity.too.large') {
      res.status(413).json(errorBody(413, `The request body is larger than the ${describeBytes(limitFor(req.path))} limit.`));
    } else if (type === 'entity.field.invalid') {
      res.status(400).json(errorBody(400, (err as Error).message));
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

function describeBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
}
