import type { Request } from 'express';

/**
 * True when a state-changing request comes from the site itself. Browsers send Origin on
 * cross-origin and same-origin writes; Referer is the fallback; a request with neither
 * is refused too, because it cannot prove where it came from.
 */
export function isSameOrigin(req: Request, publicSiteUrl: string): boolean {
  const expected = new URL(publicSiteUrl).origin;
  const origin = req.headers.origin;
  if (origin !== undefined) return origin === expected;
  const referer = req.headers.referer;
  if (referer === undefined) return false;
  try {
    return new URL(referer).origin === expected;
  } catch {
    return false;
  }
}
