import { describe, expect, it } from 'vitest';
import { caseStudyPosition, videoDisplayOrder } from './ordered-content-form';

describe('order fields', () => {
  it('sends a search lab position of 1 or more as it is, anything else as 0', () => {
    expect(caseStudyPosition('1')).toBe(1);
    expect(caseStudyPosition(' 12 ')).toBe(12);
    for (const value of ['', '0', '-3', '2.5', 'top', '1e']) expect(caseStudyPosition(value)).toBe(0);
  });

  it('sends a video display order of 0 or more as it is, anything else as 0', () => {
    expect(videoDisplayOrder('0')).toBe(0);
    expect(videoDisplayOrder('7')).toBe(7);
    for (const value of ['', '-1', '1.5', 'first']) expect(videoDisplayOrder(value)).toBe(0);
  });
});
