import { escapeHtml, plainPage } from '@agency/server-kit';

export type TrackingPage =
  | { state: 'confirmed'; question: string; cadence: string; reportPath: string }
  | { state: 'confirm-failed' }
  | { state: 'stop'; question: string; action: string }
  | { state: 'stopped'; question: string }
  | { state: 'stop-failed' };

/** A small self-contained page: these links are opened from an email client, outside the SPA. */
export function renderTrackingPage(page: TrackingPage): string {
  switch (page.state) {
    case 'confirmed':
      return plainPage(
        'Tracking confirmed',
        `<h1>Tracking confirmed</h1>
    <p>We will ask the AI engines <strong>${escapeHtml(page.question)}</strong> again ${page.cadence === 'weekly' ? 'every week' : 'every month'} and show the trend on your report.
    We email you only when something changes significantly, with a monthly summary otherwise. Every email has a link to stop.</p>
    <p><a href="${escapeHtml(page.reportPath)}">Open your report</a></p>`,
      );
    case 'confirm-failed':
      return plainPage(
        'Confirmation link not valid',
        `<h1>This confirmation link is not valid or was already used</h1>
    <p>Ask to track the question again from your report.</p>
    <p><a href="/ai-search-audit">Back to the AI Search Audit</a></p>`,
      );
    case 'stop':
      // A page with a button, not a stop on GET: mail scanners that open links stop nothing.
      return plainPage(
        'Stop tracking',
        `<h1>Stop tracking this question?</h1>
    <p>We will stop asking <strong>${escapeHtml(page.question)}</strong> and send no more emails about it.</p>
    <form method="post" action="${escapeHtml(page.action)}"><button type="submit">Stop tracking</button></form>`,
      );
    case 'stopped':
      return plainPage(
        'Tracking stopped',
        `<h1>Tracking stopped</h1>
    <p>We will not ask <strong>${escapeHtml(page.question)}</strong> again, and no more emails about it will be sent.</p>
    <p><a href="/">Back to the homepage</a></p>`,
      );
    case 'stop-failed':
      return plainPage(
        'Link not valid',
        `<h1>This link is not valid</h1>
    <p>Check that you opened the whole link from the email.</p>
    <p><a href="/">Back to the homepage</a></p>`,
      );
  }
}

