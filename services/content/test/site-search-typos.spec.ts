import { describe, expect, it } from '@jest/globals';
import { nearestWord } from '../src/site-search/site-search.service.js';

describe('the site search typo correction', () => {
  it('picks the shortlisted word one typo away, preferring the closest', () => {
    expect(nearestWord('protien', ['protect', 'protein'])).toBe('protein');
    expect(nearestWord('serch', ['search', 'sergeant'])).toBe('search');
    expect(nearestWord('rufis', ['rufus'])).toBe('rufus');
    expect(nearestWord('visibilty', ['visibility'])).toBe('visibility');
  });

  it('keeps a word the site uses and corrects nothing that is more than one typo away', () => {
    expect(nearestWord('protein', ['protein', 'proteins'])).toBe('protein');
    expect(nearestWord('protien', ['protect', 'protection'])).toBeNull();
    expect(nearestWord('zzzz', [])).toBeNull();
  });
});
