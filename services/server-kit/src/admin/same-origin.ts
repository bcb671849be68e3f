import type { Request } from 'express';

/**
 * True when a state-changing request comes from the site itself. Browsers send Origin on
 * cross-origin and same-origin writes; Referer is the fallback; a request with neither
 * is refused too, because it cannot prove where it came from. A browser's Sec-Fetch-Site,
 * when sent, must say same-origin as well (a sibling subdomain is "same-site", not the site).
 */
export function isSameOrigin(req: Request, publicSiteUrl: string): boolean {
  const fetchSite = req.headers['sec-fetch-site'];
  if (fetchSite !== undefined && fetchSite !== 'same-origin') return false;
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
