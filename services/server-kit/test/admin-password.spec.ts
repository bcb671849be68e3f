import { describe, expect, it } from '@jest/globals';
import { AdminPassword, hashAdminPassword } from '../src/admin/admin-password.js';

describe('AdminPassword', () => {
  it('hashes with argon2id at the OWASP minimum cost', async () => {
    expect(await hashAdminPassword('secret')).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('accepts the configured password and nothing else', async () => {
    const password = await AdminPassword.fromConfig({ password: 'open sesame', passwordHash: undefined });
    expect(password.configured).toBe(true);
    expect(await password.matches('open sesame')).toBe(true);
    expect(await password.matches('open sesame ')).toBe(false);
    expect(await password.matches('')).toBe(false);
    expect(await password.matches('x'.repeat(2000))).toBe(false);
  });

  it('accepts a hash made elsewhere', async () => {
    const hash = await hashAdminPassword('from the hash');
    const password = await AdminPassword.fromConfig({ password: 'ignored', passwordHash: hash });
    expect(await password.matches('from the hash')).toBe(true);
    expect(await password.matches('ignored')).toBe(false);
  });

  it('matches nothing when no password is configured', async () => {
    const password = await AdminPassword.fromConfig({ password: undefined, passwordHash: undefined });
    expect(password.configured).toBe(false);
    expect(await password.matches('anything')).toBe(false);
  });
});
