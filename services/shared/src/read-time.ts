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

export const READ_WORDS_PER_MINUTE = 200;

/** Words a reader sees in light markup: link text but not its address, no images, no markers. */
export function countReadableWords(text: string): number {
  const visible = text.replace(/!\[[^\]\n]*\]\([^)\s]*\)/g, ' ').replace(/\[([^\]\n]*)\]\([^)\s]*\)/g, '$1');
  return visible.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

/** Minutes to read a post's body at 200 words a minute, rounded, at least 1. */
export function estimateReadTime(text: string): number {
  const minutes = Math.round(countReadableWords(text) / READ_WORDS_PER_MINUTE);
  return Math.min(MAX_READ_TIME_MINUTES, Math.max(1, minutes));
}

/** Staff's override when given, otherwise the time computed from the text. */
export function readTimeFor(text: string, override: number | null | undefined): number {
  return override ?? estimateReadTime(text);
}
