import { describe, expect, it } from 'vitest';
import { formatLongDate, readTimeLabel } from './date-format';

describe('formatLongDate', () => {
  it('prints dates in en-GB long form', () => {
    expect(formatLongDate('2025-06-24T08:30:00Z')).toBe('24 June 2025');
    expect(formatLongDate('2025-01-05T12:00:00.000Z')).toBe('5 January 2025');
  });

  it('uses UK time, so server and browser agree on the day', () => {
    // 23:30 UTC in June is 00:30 the next day in London (BST).
    expect(formatLongDate('2025-06-23T23:30:00Z')).toBe('24 June 2025');
  });

  it('prints nothing for a value that is not a date', () => {
    expect(formatLongDate('not a date')).toBe('');
  });
});

describe('readTimeLabel', () => {
  it("prints '{n} min read' from numbers and numeric text", () => {
    expect(readTimeLabel(6)).toBe('6 min read');
    expect(readTimeLabel('8')).toBe('8 min read');
    expect(readTimeLabel('5 min read')).toBe('5 min read');
  });

  it('falls back to the default read time', () => {
    expect(readTimeLabel('soon')).toBe('5 min read');
    expect(readTimeLabel(null)).toBe('5 min read');
  });
});
