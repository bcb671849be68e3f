import { HttpException, Inject, Injectable, Logger, ServiceUnavailableException, UnauthorizedException } from '@nestjs/common';
import {
  AdminCookie,
  AdminPassword,
  AdminSessionStore,
  type LoginClient,
  LoginThrottle,
  TRUSTED_DEVICE_COOKIE,
  TRUSTED_DEVICE_TTL_MS,
  TrustedDevices,
} from '@agency/server-kit';
import type { Request, Response } from 'express';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';

export const INVALID_PASSWORD = 'Invalid password';
const NOT_CONFIGURED = 'Admin login is not configured on this server.';

@Injectable()
export class AdminAuthService {
  private readonly logger = new Logger('AdminAuth');
  private readonly cookie: AdminCookie;
  private readonly deviceCookie: AdminCookie;

  constructor(
    private readonly password: AdminPassword,
    private readonly sessions: AdminSessionStore,
    private readonly throttle: LoginThrottle,
    private readonly devices: TrustedDevices,
    @Inject(CONTENT_CONFIG) config: ContentConfig,
  ) {
    this.cookie = new AdminCookie(config.publicSiteUrl);
    this.deviceCookie = new AdminCookie(config.publicSiteUrl, TRUSTED_DEVICE_COOKIE, TRUSTED_DEVICE_TTL_MS);
    if (!password.configured) this.logger.warn('No ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is set: admin login is disabled.');
  }

  /**
   * Checks the password under the throttle and starts a fresh session (a new id at every login).
   * A browser the admin has logged in from before is throttled on its own record (TrustedDevices).
   */
  async login(req: Request, res: Response, candidate: string): Promise<void> {
    if (!this.password.configured) throw new ServiceUnavailableException(NOT_CONFIGURED);
    const ip = req.ip ?? 'unknown';
    const deviceToken = this.deviceCookie.read(req);
    const device = await this.devices.recognise(deviceToken);
    const client: LoginClient = device ? { trustedDevice: device } : { ip };
    // Reserved (counted as a failure) before the password check, so parallel guesses each count.
    const verdict = await this.throttle.reserve(client);
    if (!verdict.allowed) {
      const seconds = Math.ceil(verdict.retryAfterMs / 1000);
      res.setHeader('Retry-After', String(seconds));
      throw new HttpException(`Too many failed login attempts. Please wait ${seconds} seconds and try again.`, 429);
    }
    if (!(await this.password.matches(candidate))) {
      await this.throttle.recordFailure(client);
      this.logger.warn(`Failed admin login from ${ip}`);
      throw new UnauthorizedException(INVALID_PASSWORD);
    }
    await this.throttle.recordSuccess(client);
    const previous = this.cookie.read(req);
    if (previous) await this.sessions.destroy(previous);
    this.cookie.write(res, await this.sessions.create());
    this.deviceCookie.write(res, await this.devices.issue(deviceToken));
  }

  async logout(req: Request, res: Response): Promise<void> {
    const sessionId = this.cookie.read(req);
    if (sessionId) await this.sessions.destroy(sessionId);
    this.cookie.clear(res);
  }
}
