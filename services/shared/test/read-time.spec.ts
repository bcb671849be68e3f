import { describe, expect, it } from '@jest/globals';
import { formatReadTime, parseReadTime } from '../src/read-time.js';

describe('parseReadTime', () => {
  it.each([
    [5, 5],
    [7.4, 7],
    ['5', 5],
    [' 12 ', 12],
    ['5 min read', 5],
    ['5 mins', 5],
    ['8 minutes read', 8],
    ['3min', 3],
    ['10 Min Read', 10],
  ])('reads %p as %p minutes', (input, minutes) => {
    expect(parseReadTime(input)).toBe(minutes);
  });

  it.each([0, -3, Number.NaN, Infinity, 601, '', 'soon', '5 hours', '1e3', null, undefined, true, {}, [5]])(
    'refuses %p',
    (input) => {
      expect(parseReadTime(input)).toBeNull();
    },
  );

  it('formats whole minutes for public pages', () => {
    expect(formatReadTime(6)).toBe('6 min read');
  });
});
