import { createHash } from 'node:crypto';

/**
 * What makes a rendered page cacheable: the same content gives the same bytes (so the same
 * script hashes in its policy and the same ETag), and a client holding those bytes gets 304.
 * See docs/performance.md, "Pages".
 */

/** The load times in the router's hydration data are rounded down to this. */
export const LOAD_TIME_STEP_MS = 60_000;

/**
 * The times the router and React Query stamp on the data they load (`u` of a route match,
 * `dehydratedAt` and `dataUpdatedAt` of a query), as object keys in the serialised hydration
 * data. Only the first three (13-digit millisecond times) are touched.
 */
const LOAD_TIME = /([{,])(u|dehydratedAt|dataUpdatedAt):(\d{13})(?=[,}])/g;
const SCRIPT_ELEMENT = /(<script\b(?![^>]*\stype="application\/ld\+json")[^>]*>)([\s\S]*?)(<\/script>)/g;

/**
 * Rounds the load times in the page's inline scripts down to the minute: otherwise every render
 * differs by these milliseconds alone. The browser then takes the data to be up to a minute older
 * than it is, well inside the five minutes it treats data as fresh (src/api/query-client.ts).
 */
export function steadyLoadTimes(html: string): string {
  return html.replace(SCRIPT_ELEMENT, (_whole, open: string, text: string, close: string) => {
    const steady = text.replace(LOAD_TIME, (_time, before: string, key: string, ms: string) => {
      const rounded = Math.floor(Number(ms) / LOAD_TIME_STEP_MS) * LOAD_TIME_STEP_MS;
      return `${before}${key}:${rounded}`;
    });
    return `${open}${steady}${close}`;
  });
}

/** A strong validator of exactly these bytes. */
export function entityTag(body: string | Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}

/** Whether If-None-Match names this tag (or is `*`); weak tags compare by their opaque part. */
export function isNotModified(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}
