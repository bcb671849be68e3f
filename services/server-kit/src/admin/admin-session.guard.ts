import { type CanActivate, type ExecutionContext, ForbiddenException, HttpException, Injectable, type NestMiddleware, UnauthorizedException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { errorBody } from '../http/error-body.js';
import { AdminCookie } from './admin-cookie.js';
import { adminAccess, isStateChanging } from './admin-routes.js';
import { rememberAdminSession } from './admin-session-label.js';
import { AdminSessionStore } from './admin-session.store.js';
import { isSameOrigin } from './same-origin.js';

export const NOT_SIGNED_IN_MESSAGE = 'Please log in to the admin panel to continue.';
export const CROSS_ORIGIN_MESSAGE = 'This admin request did not come from the site itself and was refused.';

/** Settings the guard needs; each service provides them from its validated config. */
export abstract class AdminGuardSettings {
  abstract readonly publicSiteUrl: string;
}

/**
 * The one admin guard, registered globally in every service: it protects routes by path,
 * so a new admin route cannot be left open by forgetting a decorator.
 */
@Injectable()
export class AdminSessionGuard implements CanActivate {
  private readonly cookie: AdminCookie;

  constructor(private readonly sessions: AdminSessionStore, private readonly settings: AdminGuardSettings) {
    this.cookie = new AdminCookie(settings.publicSiteUrl);
  }

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return true;
    await this.check(context.switchToHttp().getRequest<Request>());
    return true;
  }

  /** Resolves when the request may go on; throws 403 or 401 otherwise. `path` is the whole path (req.path is relative under a mounted router). */
  async check(req: Request, path = req.path): Promise<void> {
    const access = adminAccess(path);
    if (access === 'public') return;

    if (isStateChanging(req.method) && !isSameOrigin(req, this.settings.publicSiteUrl)) {
      throw new ForbiddenException(CROSS_ORIGIN_MESSAGE);
    }
    if (access === 'login') return;
    const sessionId = this.cookie.read(req);
    if (!sessionId || !(await this.sessions.touch(sessionId))) {
      throw new UnauthorizedException(NOT_SIGNED_IN_MESSAGE);
    }
    rememberAdminSession(req, sessionId);
  }
}

/**
 * The same check for routers mounted as middleware (the queue dashboard), which no guard sees:
 * apply it before them.
 */
@Injectable()
export class AdminSessionMiddleware implements NestMiddleware {
  private readonly guard: AdminSessionGuard;

  constructor(sessions: AdminSessionStore, settings: AdminGuardSettings) {
    this.guard = new AdminSessionGuard(sessions, settings);
  }

  use(req: Request, res: Response, next: (error?: unknown) => void): void {
    this.guard.check(req, `${req.baseUrl}${req.path}`).then(
      () => next(),
      (error: unknown) => {
        if (!(error instanceof HttpException)) {
          next(error);
          return;
        }
        res.setHeader('Cache-Control', 'no-store');
        res.status(error.getStatus()).json(errorBody(error.getStatus(), error.message));
      },
    );
  }
}
