import { describe, expect, it } from '@jest/globals';
import { isValidEmail } from '../src/limits.js';

describe('isValidEmail', () => {
  it.each(['jo@example.com', 'first.last+tag@sub.example.co.uk', 'a@b.c'])('accepts %p', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });
  it.each(['', 'jo', 'jo@', 'jo@example', '@example.com', 'jo @example.com', 'jo@exa mple.com', 'a@b@c.d', '<x>@y.z', `${'a'.repeat(250)}@b.co`])(
    'refuses %p',
    (email) => {
      expect(isValidEmail(email)).toBe(false);
    },
  );
});
