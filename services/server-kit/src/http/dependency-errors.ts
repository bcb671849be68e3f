const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

const CONNECTION_MESSAGES = [
  'Connection terminated',
  'Connection is closed',
  "Stream isn't writeable",
  'connect ETIMEDOUT',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'MaxRetriesPerRequestError',
  'Reached the max retries per request limit',
];

/** True when an error means a backing service (Postgres, Redis) is unreachable, not a bug. */
export function isDependencyDown(error: unknown): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') break;
    const { code, message, name } = current as { code?: unknown; message?: unknown; name?: unknown };
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return true;
    if (name === 'MaxRetriesPerRequestError') return true;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
    current = (current as { cause?: unknown; driverError?: unknown }).driverError ?? (current as { cause?: unknown }).cause;
  }
  return false;
}
