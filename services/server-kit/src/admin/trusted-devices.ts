import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';

export const TRUSTED_DEVICE_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const TRUSTED_DEVICE_COOKIE = 'admin_device';
const DEVICE_ID_BYTES = 32;

/**
 * Browsers the admin has logged in from (OWASP "device cookies"). A successful login leaves a
 * random, HttpOnly device token; later logins from that browser are throttled on their own, not
 * with the client IP's failures or the global ceiling, so an attacker guessing passwords from the
 * same network, or from many addresses, cannot lock the admin out. Redis keeps only SHA-256s.
 */
export class TrustedDevices {
  constructor(private readonly redis: Redis) {}

  /** A new device token; the one it replaces (if any) stops counting. */
  async issue(replacing?: string): Promise<string> {
    const token = randomBytes(DEVICE_ID_BYTES).toString('base64url');
    const multi = this.redis.multi().set(this.key(token), '1', 'PX', TRUSTED_DEVICE_TTL_MS);
    if (replacing !== undefined && isWellFormed(replacing)) multi.del(this.key(replacing));
    await multi.exec();
    return token;
  }

  /** The throttle key of a known device, or undefined for a missing, forged or expired token. */
  async recognise(token: string | undefined): Promise<string | undefined> {
    if (token === undefined || !isWellFormed(token)) return undefined;
    return (await this.redis.exists(this.key(token))) === 1 ? `device:${digest(token)}` : undefined;
  }

  private key(token: string): string {
    return `admin:trusted-device:${digest(token)}`;
  }
}

function isWellFormed(token: string): boolean {
  return /^[A-Za-z0-9_-]{43}$/.test(token);
}

function digest(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
