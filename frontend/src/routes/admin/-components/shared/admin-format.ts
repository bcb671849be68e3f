import type { SubscriberSource } from '@agency/shared';

/** UK time, like the public pages, so every member of staff reads the same time. */
const dateTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

/** '24 June 2025, 09:30' (UK time). */
export function formatDateTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : dateTime.format(time);
}

const pad = (value: number): string => String(value).padStart(2, '0');

/** A date as a datetime-local input holds it: the browser's local time, to the minute. */
export function toDateTimeLocal(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value (local time) as the ISO 8601 instant the content service expects; null if it is not one. */
export function fromDateTimeLocal(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(value)) return null;
  const time = new Date(value).getTime();
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

export const SUBSCRIBER_SOURCE_LABELS: Record<SubscriberSource, string> = {
  contact: 'Contact form',
  newsletter: 'Newsletter',
  'ai-search-audit': 'AI Search Audit',
  'query-fan-out': 'Semantic Expansion',
  'ai-image-reader': 'AI Image Reader',
  'ai-crawler-log-analyzer': 'AI Crawler Log Analyzer',
};
