import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException, Logger, NotFoundException } from '@nestjs/common';
import type { Response } from 'express';
import { isDependencyDown } from './dependency-errors.js';
import { errorBody } from './error-body.js';
import { RetryAfterException } from './retry-after.exception.js';

export const UNAVAILABLE_MESSAGE = 'The service is temporarily unavailable. Please try again in a moment.';
const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again later.';
export const NO_SUCH_ROUTE_MESSAGE = 'Nothing answers at this address. Please check the link.';

/** Every error leaves the service as the JSON error shape of docs/api.md, with a sentence a visitor can read. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    if (response.headersSent) return;
    // A route may have set another type (an HTML page's @Header) before it failed.
    response.type('application/json');

    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      if (exception instanceof RetryAfterException) response.setHeader('Retry-After', String(Math.max(1, Math.ceil(exception.retryAfterSeconds))));
      response.status(status).json(errorBody(status, readableMessage(exception)));
      return;
    }
    if (isDependencyDown(exception)) {
      this.logger.warn(`Dependency unavailable: ${String((exception as Error).message)}`);
      response.status(503).setHeader('Retry-After', '5').json(errorBody(503, UNAVAILABLE_MESSAGE));
      return;
    }
    this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    response.status(500).json(errorBody(500, INTERNAL_MESSAGE));
  }
}

function readableMessage(exception: HttpException): string {
  // The router's own 404 says "Cannot GET /the/whole/url?query": no sentence, and it echoes input.
  if (exception instanceof NotFoundException && /^Cannot [A-Z]+ \//.test(exception.message)) return NO_SUCH_ROUTE_MESSAGE;
  const body = exception.getResponse();
  if (typeof body === 'string') return body;
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return message;
  if (Array.isArray(message)) return message.map(String).join('; ');
  return exception.message;
}
