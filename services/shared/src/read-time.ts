import { MAX_READ_TIME_MINUTES } from './limits.js';

const READ_TIME_TEXT = /^(\d+(?:\.\d+)?)\s*(?:m|mins?|minutes?)?\.?(?:\s+read)?$/i;

/**
 * Reads a blog post's read time as whole minutes from a number, a numeric string
 * or text such as '5 min read'. Returns null when the value is not a sensible read time.
 */
export function parseReadTime(value: unknown): number | null {
  let minutes: number;
  if (typeof value === 'number') {
    minutes = value;
  } else if (typeof value === 'string') {
    const match = READ_TIME_TEXT.exec(value.trim());
    if (!match?.[1]) return null;
    minutes = Number(match[1]);
  } else {
    return null;
  }
  if (!Number.isFinite(minutes)) return null;
  const whole = Math.round(minutes);
  return whole >= 1 && whole <= MAX_READ_TIME_MINUTES ? whole : null;
}

export function formatReadTime(minutes: number): string {
  return `${minutes} min read`;
}
