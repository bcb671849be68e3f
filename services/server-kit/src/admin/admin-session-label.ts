import { createHash } from 'node:crypto';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

const LABEL_KEY = Symbol('adminSessionLabel');

/**
 * Who did something in the admin panel, as the activity log names it: the first 12 hex digits of
 * a hash of the session id. It tells one session's actions from another's and cannot be turned
 * back into the id (the session store keys on the full SHA-256 of the id, not on this).
 */
export function adminSessionLabel(sessionId: string): string {
  return createHash('sha256').update(`activity:${sessionId}`).digest('hex').slice(0, 12);
}

/** Set by the admin guard once it has accepted the request's session. */
export function rememberAdminSession(req: Request, sessionId: string): void {
  (req as Request & { [LABEL_KEY]?: string })[LABEL_KEY] = adminSessionLabel(sessionId);
}

export function adminSessionOf(req: Request): string | undefined {
  return (req as Request & { [LABEL_KEY]?: string })[LABEL_KEY];
}

/** The acting session's label in a handler of a session-guarded route. */
export const AdminSession = createParamDecorator((_data: unknown, context: ExecutionContext): string => {
  return adminSessionOf(context.switchToHttp().getRequest<Request>()) ?? 'unknown';
});
