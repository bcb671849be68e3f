import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, UnauthorizedException } from '@nestjs/common';
import type { Request } from 'express';
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
    const req = context.switchToHttp().getRequest<Request>();
    const access = adminAccess(req.path);
    if (access === 'public') return true;

    if (isStateChanging(req.method) && !isSameOrigin(req, this.settings.publicSiteUrl)) {
      throw new ForbiddenException(CROSS_ORIGIN_MESSAGE);
    }
    if (access === 'login') return true;
    const sessionId = this.cookie.read(req);
    if (!sessionId || !(await this.sessions.touch(sessionId))) {
      throw new UnauthorizedException(NOT_SIGNED_IN_MESSAGE);
    }
    rememberAdminSession(req, sessionId);
    return true;
  }
}
