import { describe, expect, it } from 'vitest';
import { formatDateTime, fromDateTimeLocal, toDateTimeLocal } from './admin-format';

describe('formatDateTime', () => {
  it('prints UK date and time', () => {
    expect(formatDateTime('2025-06-24T08:30:00Z')).toBe('24 June 2025 at 09:30');
    expect(formatDateTime('nope')).toBe('');
  });
});

describe('datetime-local values', () => {
  it('round-trips a date to the minute', () => {
    const date = new Date(2025, 6, 4, 9, 5, 42);
    expect(toDateTimeLocal(date)).toBe('2025-07-04T09:05');
    expect(fromDateTimeLocal(toDateTimeLocal(date))).toBe(new Date(2025, 6, 4, 9, 5).toISOString());
  });

  it('refuses values that are not a date and time', () => {
    for (const value of ['', '2025-07-04', 'tomorrow', '2025-13-45T99:99']) expect(fromDateTimeLocal(value)).toBeNull();
  });
});
