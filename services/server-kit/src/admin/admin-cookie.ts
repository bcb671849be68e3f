import { parseCookie } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

/**
 * Over HTTPS the cookie gets the `__Host-` prefix (Secure, Path=/, no Domain);
 * over plain HTTP (local development) browsers refuse that prefix, so a plain name is used.
 */
export class AdminCookie {
  readonly name: string;
  private readonly options: CookieOptions;

  constructor(publicSiteUrl: string) {
    const secure = publicSiteUrl.startsWith('https:');
    this.name = secure ? '__Host-admin_session' : 'admin_session';
    this.options = { httpOnly: true, sameSite: 'strict', secure, path: '/' };
  }

  read(req: Request): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    return parseCookie(header)[this.name] ?? undefined;
  }

  write(res: Response, sessionId: string): void {
    res.cookie(this.name, sessionId, this.options);
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options);
  }
}
