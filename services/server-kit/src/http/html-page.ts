import { PRODUCT_NAME } from '@agency/shared';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/**
 * A self-contained page rendered on the server: no scripts (it fits the gateway's
 * Content-Security-Policy), readable on a phone, kept out of search engines. `style` and `body`
 * are the caller's own CSS and already-escaped HTML.
 */
export function htmlPage({ title, style, body }: { title: string; style: string; body: string }): string {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <title>${escapeHtml(title)}</title>
    <style>${style}</style>
  </head>
  <body>
    ${body}
  </body>
</html>
`;
}

const PLAIN_PAGE_STYLE = `body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}
    button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#111;color:#fff;cursor:pointer}`;

/** A small page that a link in an email opens (unsubscribe, confirm, stop tracking), with the site's name in its title. */
export function plainPage(title: string, body: string): string {
  return htmlPage({ title: `${title} · ${PRODUCT_NAME}`, style: PLAIN_PAGE_STYLE, body });
}
