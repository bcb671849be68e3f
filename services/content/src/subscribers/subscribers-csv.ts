import { csvDocument, csvFileName, type MarketingSubscriber } from '@agency/shared';

const HEADER = ['email', 'source', 'consent_at', 'status', 'unsubscribed_at', 'unsubscribe_url'];

/** The export for the mailing tool: a header row, then one row per subscriber, CRLF line ends. */
export function subscribersCsv(subscribers: readonly MarketingSubscriber[]): string {
  const rows = subscribers.map((subscriber) => [
    subscriber.email,
    subscriber.source,
    subscriber.consentAt,
    subscriber.status,
    subscriber.unsubscribedAt ?? '',
    subscriber.unsubscribeUrl,
  ]);
  return csvDocument(HEADER, rows);
}

export function subscribersCsvFileName(now: Date): string {
  return csvFileName('subscribers', now);
}
