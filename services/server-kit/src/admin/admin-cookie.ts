import { parseCookie } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

/**
 * One of the admin cookies. Over HTTPS it gets the `__Host-` prefix (Secure, Path=/, no Domain);
 * over plain HTTP (local development) browsers refuse that prefix, so the plain name is used.
 * Without `maxAgeMs` it is a browser-session cookie; the server ends the session itself.
 */
export class AdminCookie {
  readonly name: string;
  private readonly options: CookieOptions;

  constructor(publicSiteUrl: string, baseName = 'admin_session', maxAgeMs?: number) {
    const secure = publicSiteUrl.startsWith('https:');
    this.name = secure ? `__Host-${baseName}` : baseName;
    this.options = { httpOnly: true, sameSite: 'strict', secure, path: '/', ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }) };
  }

  read(req: Request): string | undefined {
    const header = req.headers.cookie;
    if (!header) return undefined;
    return parseCookie(header)[this.name] ?? undefined;
  }

  write(res: Response, value: string): void {
    res.cookie(this.name, value, this.options);
  }

  /** Express 5 leaves maxAge out of the clearing header, so it expires at once. */
  clear(res: Response): void {
    res.clearCookie(this.name, this.options);
  }
}
