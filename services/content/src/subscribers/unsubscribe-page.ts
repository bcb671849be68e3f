import { PRODUCT_NAME } from '@agency/shared';

type PageState =
  | { state: 'confirm'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'confirmed'; email: string }
  | { state: 'confirm-failed' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

/** A small self-contained page: the link is opened from an email client, outside the SPA. */
export function renderUnsubscribePage(page: PageState): string {
  if (page.state === 'confirmed') {
    return pageShell(
      'Subscription confirmed',
      `<h1>Thank you, you are subscribed</h1>
    <p>We will send occasional emails to <strong>${escapeHtml(page.email)}</strong>. Every email has a link to unsubscribe.</p>
    <p><a href="/">Back to the homepage</a></p>`,
    );
  }
  if (page.state === 'confirm-failed') {
    return pageShell(
      'Confirmation link not valid',
      `<h1>This confirmation link has expired or was already used</h1>
    <p>Links work once and for 7 days. You can sign up again from our blog at any time.</p>
    <p><a href="/">Back to the homepage</a></p>`,
    );
  }
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
  return pageShell('Unsubscribe', body);
}

function pageShell(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <meta name="robots" content="noindex, nofollow">
    <title>${escapeHtml(title)} · ${escapeHtml(PRODUCT_NAME)}</title>
    <style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#111}
    button{font:inherit;padding:.6rem 1.2rem;border-radius:.4rem;border:0;background:#111;color:#fff;cursor:pointer}</style>
  </head>
  <body>
    ${body}
  </body>
</html>`;
}
