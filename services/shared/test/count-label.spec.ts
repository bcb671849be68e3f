import { describe, expect, it } from '@jest/globals';
import { countLabel } from '../src/count-label.js';

describe('countLabel', () => {
  it('puts the noun in the singular for exactly one and the plural otherwise', () => {
    expect(countLabel(1, 'run')).toBe('1 run');
    expect(countLabel(0, 'run')).toBe('0 runs');
    expect(countLabel(2, 'entry', 'entries')).toBe('2 entries');
    expect(countLabel(1, 'entry', 'entries')).toBe('1 entry');
    expect(countLabel(1204, 'run')).toBe('1,204 runs');
  });
});
