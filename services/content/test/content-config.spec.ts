import { describe, expect, it } from '@jest/globals';
import { loadContentConfig } from '../src/config/content-config.js';

describe('content config', () => {
  const base = { ADMIN_PASSWORD: 'a-real-password' };

  it.each(['development', 'test', 'production'])('refuses to start without UNSUBSCRIBE_SECRET (NODE_ENV=%s): no secret comes from the source', (environment) => {
    expect(() => loadContentConfig({ ...base, NODE_ENV: environment })).toThrow(/UNSUBSCRIBE_SECRET is required/);
    expect(() => loadContentConfig({ ...base, NODE_ENV: environment, UNSUBSCRIBE_SECRET: '   ' })).toThrow(/UNSUBSCRIBE_SECRET is required/);
  });

  it('refuses a short secret and takes a long one', () => {
    expect(() => loadContentConfig({ ...base, UNSUBSCRIBE_SECRET: 'too-short' })).toThrow(/UNSUBSCRIBE_SECRET must be at least 16 characters/);
    expect(loadContentConfig({ ...base, NODE_ENV: 'production', UNSUBSCRIBE_SECRET: 'a'.repeat(64) }).unsubscribeSecret).toBe('a'.repeat(64));
  });
});
