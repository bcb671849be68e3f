import { randomBytes } from 'node:crypto';
import { argon2id, argon2Verify } from 'hash-wasm';

/** OWASP Password Storage Cheat Sheet minimum for Argon2id (memory in KiB). */
const ARGON2ID_PARAMETERS = { memorySize: 19 * 1024, iterations: 2, parallelism: 1, hashLength: 32 } as const;

/**
 * The shared admin password, held only as an argon2id hash: ADMIN_PASSWORD is hashed at boot
 * (and never logged), or ADMIN_PASSWORD_HASH is used as given. Argon2 runs as WebAssembly,
 * so no native addon has to load on each Node version and platform.
 */
export class AdminPassword {
  private constructor(private readonly hash: string | undefined) {}

  static async fromConfig(admin: { password: string | undefined; passwordHash: string | undefined }): Promise<AdminPassword> {
    if (admin.passwordHash) return new AdminPassword(admin.passwordHash);
    if (admin.password) return new AdminPassword(await hashAdminPassword(admin.password));
    return new AdminPassword(undefined);
  }

  get configured(): boolean {
    return this.hash !== undefined;
  }

  async matches(candidate: string): Promise<boolean> {
    if (!this.hash || candidate.length === 0 || candidate.length > 1024) return false;
    try {
      return await argon2Verify({ password: candidate, hash: this.hash });
    } catch {
      return false;
    }
  }
}

export function hashAdminPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2ID_PARAMETERS, outputType: 'encoded' });
}
