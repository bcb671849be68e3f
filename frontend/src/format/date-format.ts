import { DEFAULT_READ_TIME_MINUTES, formatReadTime, parseReadTime } from '@agency/shared';

/** UK time, fixed, so the server and the browser print the same day. */
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' });

/** en-GB long form: '24 June 2025'. */
export function formatLongDate(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? '' : longDate.format(time);
}

/** '{n} min read' from a number or numeric text; the default read time when it cannot be read. */
export function readTimeLabel(value: unknown): string {
  return formatReadTime(parseReadTime(value) ?? DEFAULT_READ_TIME_MINUTES);
}
