import { PRODUCT_NAME } from '@agency/shared';

type PageState = { state: 'confirm'; email: string; token: string } | { state: 'done'; email: string };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A small self-contained page: the link is opened from an email client, outside the SPA. */
export function renderUnsubscribePage(page: PageState): string {
  const email = escapeHtml(page.email);
  const body =
    page.state === 'confirm'
      ? `<h1>Unsubscribe from marketing emails</h1>
    <p>Stop sending occasional marketing emails to <strong>${email}</strong>?</p>
    <form method="post" action="/api/newsletter/unsubscribe?${escapeHtml(new URLSearchParams({ email: page.email, token: page.token }).toString())}">
      <button type="submit">Unsubscribe</button>
    </form>`
      : `<h1>You are unsubscribed</h1>
    <p>We will not send marketing emails to <strong>${email}</strong> again. You can sign up again from our blog at any time.</p>
    <p><a href="/">Back to the homepage</a></p>`;
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <title>Unsubscribe · ${escapeHtml(PRODUCT_NAME)}</title>
    <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}
    button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#111;color:#fff;cursor:pointer}</style>
  </head>
  <body>
    ${body}
  </body>
</html>`;
}
