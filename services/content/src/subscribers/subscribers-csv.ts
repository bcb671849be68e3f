import type { MarketingSubscriber } from '@agency/shared';

const HEADER = ['email', 'source', 'consent_at', 'status', 'unsubscribed_at', 'unsubscribe_url'];

/** Characters that make a spreadsheet read a cell as a formula (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell per RFC 4180: always quoted, quotes doubled. Text a spreadsheet would run as a
 * formula gets a leading apostrophe, so an address such as '=1+2@x.co' stays text.
 */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** The export for the mailing tool: a header row, then one row per subscriber, CRLF line ends. */
export function subscribersCsv(subscribers: readonly MarketingSubscriber[]): string {
  const rows = subscribers.map((subscriber) => [
    subscriber.email,
    subscriber.source,
    subscriber.consentAt,
    subscriber.unsubscribedAt ? 'unsubscribed' : 'subscribed',
    subscriber.unsubscribedAt ?? '',
    subscriber.unsubscribeUrl,
  ]);
  return [HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export function subscribersCsvFileName(now: Date): string {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}
