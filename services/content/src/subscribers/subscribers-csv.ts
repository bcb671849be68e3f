import type { MarketingSubscriber } from '@agency/shared';

const HEADER = ['email', 'source', 'consent_at', 'status', 'unsubscribed_at', 'unsubscribe_url'];

/**
 * Text a spreadsheet may read as a formula (CSV injection): a tab or carriage return first, or,
 * after any spaces and invisible characters, = + - @ or one of their full-width, small or
 * mathematical look-alikes, which some spreadsheets read as the ASCII sign.
 */
const FORMULA_START = /^[\t\r]|^[\s\p{Cc}\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b\u2212\u2795\u2796\u207a\u208a\u207c\u208c\u2012-\u2015]/u;

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
