import { randomBytes } from 'node:crypto';
import type { SiteConfig } from '../src/config/site-config';

/** Where the video page's player is embedded from (youtube-channel-page.tsx). */
export const YOUTUBE_EMBED_ORIGIN = 'https://www.youtube-nocookie.com';

/** 128 random bits per page answer: the only inline scripts that run are the ones carrying it. */
export function newCspNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The policy of one rendered page. Scripts: the site's own files and inline scripts carrying
 * this answer's nonce (TanStack Router's hydration data and scroll restoration); nothing else,
 * no eval. Styles allow inline: the server renders React `style` props as style attributes,
 * which no nonce can cover, and Radix dialogs insert style elements; CSS cannot run script.
 * Frames: the YouTube player and the configured Rufus Radar tool only.
 */
export function pageContentSecurityPolicy(site: SiteConfig, nonce: string): string {
  const overHttps = site.siteUrl.startsWith('https:');
  const frameSources = [...new Set([YOUTUBE_EMBED_ORIGIN, new URL(site.external.rufusRadar).origin])];
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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
