import { createHash } from 'node:crypto';
import type { SiteConfig } from '../src/config/site-config';

/** Where the video page's player is embedded from (youtube-channel-page.tsx). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** An opening script tag, its attributes, and its text up to the closing tag. */
const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

/** A script the browser runs: no `src`, and no `type` or a JavaScript one (JSON-LD is a data block). */
function isInlineJavaScript(attributes: string): boolean {
  if (/\ssrc\s*=/i.test(attributes)) return false;
  const type = /\stype\s*=\s*"([^"]*)"/i.exec(attributes)?.[1]?.trim().toLowerCase();
  return type === undefined || type === '' || type === 'module' || type === 'text/javascript' || type === 'application/javascript';
}

/**
 * The CSP source of every inline script of a rendered page: `'sha256-…'` of its exact text, in
 * document order without repeats. The answer's policy allows these scripts and no other inline one.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(SCRIPT_ELEMENT)) {
    if (isInlineJavaScript(attributes)) hashes.add(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * The policy of one rendered page. Scripts: the site's own files and the page's own inline
 * scripts (TanStack Router's hydration data and scroll restoration) by the hash of their text, so
 * the same page gives the same policy and can be cached; nothing else, no eval. Styles allow
 * inline: the server renders React `style` props as style attributes, which no hash can cover, and
 * Radix dialogs insert style elements; CSS cannot run script. Frames: the YouTube player and the
 * configured Rufus Radar tool only.
 */
export function pageContentSecurityPolicy(site: SiteConfig, scriptHashes: readonly string[]): string {
  const overHttps = site.siteUrl.startsWith('https:');
  const frameSources = [...new Set([YOUTUBE_EMBED_ORIGIN, ...(site.external.rufusRadar ? [new URL(site.external.rufusRadar).origin] : [])])];
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes].join(' '),
    "style-src 'self' 'unsafe-inline'",
    // Post images are any http(s) address the staff enter; image previews are blob: and data: URLs.
    `img-src 'self' data: blob: https:${overHttps ? '' : ' http:'}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `frame-src ${frameSources.join(' ')}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    ...(overHttps ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}
