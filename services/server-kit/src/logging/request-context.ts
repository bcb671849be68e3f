import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What every log line written while serving one request, or running one job, carries: the
 * gateway's request id (X-Request-Id) and, in a worker, the job's id and tool. Kept in an
 * AsyncLocalStorage so that code deep inside a handler logs it without being handed it.
 */
export interface LogContext {
  requestId?: string;
  jobId?: string;
  tool?: string;
}

const storage = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}

/** The request id of the HTTP request being served here, if any. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The gateway's ids are 32 hex digits (nginx $request_id); anything else a client made up is replaced. */
const REQUEST_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

export function acceptableRequestId(value: unknown): string | undefined {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value) ? value : undefined;
}
