import type { ApiError } from '@agency/shared';
import { STATUS_CODES } from 'node:http';

export function errorBody(statusCode: number, message: string): ApiError {
  return { statusCode, message, error: STATUS_CODES[statusCode] ?? 'Error' };
}
