import { escapeHtml, plainPage } from '@agency/server-kit';

type PageState =
  | { state: 'confirm'; email: string; token: string }
  | { state: 'done'; email: string }
  | { state: 'confirmed'; email: string }
  | { state: 'confirm-failed' };

/** A small self-contained page: the link is opened from an email client, outside the SPA. */
export function renderUnsubscribePage(page: PageState): string {
  if (page.state === 'confirmed') {
    return plainPage(
      'Subscription confirmed',
      `<h1>Thank you, you are subscribed</h1>
    <p>We will send occasional emails to <strong>${escapeHtml(page.email)}</strong>. Every email has a link to unsubscribe.</p>
    <p><a href="/">Back to the homepage</a></p>`,
    );
  }
  if (page.state === 'confirm-failed') {
    return plainPage(
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
  return plainPage('Unsubscribe', body);
}

