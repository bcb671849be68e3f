import argon2 from 'argon2';

/** OWASP Password Storage Cheat Sheet minimum for Argon2id. */
const ARGON2ID_OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

/**
 * The shared admin password, held only as an argon2id hash: ADMIN_PASSWORD is hashed at boot
 * (and never logged), or ADMIN_PASSWORD_HASH is used as given.
 */
export class AdminPassword {
  private constructor(private readonly hash: string | undefined) {}

  static async fromConfig(admin: { password: string | undefined; passwordHash: string | undefined }): Promise<AdminPassword> {
    if (admin.passwordHash) return new AdminPassword(admin.passwordHash);
    if (admin.password) return new AdminPassword(await argon2.hash(admin.password, ARGON2ID_OPTIONS));
    return new AdminPassword(undefined);
  }

  get configured(): boolean {
    return this.hash !== undefined;
  }

  async matches(candidate: string): Promise<boolean> {
    if (!this.hash || candidate.length === 0 || candidate.length > 1024) return false;
    try {
      return await argon2.verify(this.hash, candidate);
    } catch {
      return false;
    }
  }
}

export function hashAdminPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2ID_OPTIONS);
}
