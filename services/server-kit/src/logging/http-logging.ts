import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { acceptableRequestId, runWithLogContext } from './request-context.js';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Polled by the supervisor and the gateway's health checks, scraped by Prometheus: not worth a line each. */
const QUIET_PATHS = /^\/(health(\/|$)|metrics$|api\/health$)/;

/**
 * One line per answered request (method, path without its query, status, time) under the
 * gateway's request id, which every other line written while serving it carries too; the id is
 * sent back as X-Request-Id. Query strings are left out: an unsubscribe link carries an address.
 */
export function httpLogging(logger: Logger): (req: Request, res: Response, next: NextFunction) => void {
  const middleware = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = acceptableRequestId(req.headers[REQUEST_ID_HEADER]) ?? randomUUID().replaceAll('-', '');
      res.setHeader('X-Request-Id', id);
      return id;
    },
    // The request id is in every line already (the mixin); the serialised request is kept short.
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    autoLogging: { ignore: (req: IncomingMessage) => QUIET_PATHS.test(req.url ?? '') },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, path: req.url.split('?')[0] }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    // A refused request (4xx) is the client's; only the service's own failures are errors.
    customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? 'error' : 'info'),
    customSuccessMessage: (req, res) => `${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode}`,
    customErrorMessage: (req, res) => `${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode}`,
  });
  return (req, res, next) => {
    middleware(req, res);
    runWithLogContext({ requestId: res.getHeader('X-Request-Id') as string }, next);
  };
}
