import { HttpException } from '@nestjs/common';

/** An HTTP error that tells the client when to try again: the error filter sends it as Retry-After. */
export class RetryAfterException extends HttpException {
  constructor(
    message: string,
    status: number,
    readonly retryAfterSeconds: number,
  ) {
    super(message, status);
  }
}
