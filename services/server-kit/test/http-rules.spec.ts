import { describe, expect, it } from '@jest/globals';
import type { Request } from 'express';
import { adminAccess } from '../src/admin/admin-routes.js';
import { isSameOrigin } from '../src/admin/same-origin.js';
import { EnvReader } from '../src/config/env-reader.js';
import { DEV_ADMIN_PASSWORD, readServerConfig } from '../src/config/server-config.js';

describe('adminAccess', () => {
  it.each([
    ['/api/admin/blog-posts', 'session'],
    ['/api/admin/blog-posts/3', 'session'],
    ['/API/Admin/blog-posts', 'session'],
    ['/api/admin/session', 'session'],
    ['/api/admin/logout', 'session'],
    ['/api/contact-messages', 'session'],
    ['/api/contact-messages/', 'session'],
    ['/api/admin/login', 'login'],
    ['/api/admin/login/', 'login'],
    ['/API/ADMIN/LOGIN', 'login'],
    ['/api/blog-posts', 'public'],
    ['/api/contact', 'public'],
    ['/api/administrator', 'public'],
  ])('%s → %p', (path, expected) => {
    expect(adminAccess(path)).toBe(expected);
  });
});

describe('isSameOrigin', () => {
  const request = (headers: Record<string, string>) => ({ headers }) as unknown as Request;
  const site = 'https://www.example.co.uk';

  it.each([
    [{ origin: 'https://www.example.co.uk' }, true],
    [{ origin: 'https://evil.example' }, false],
    [{ origin: 'null' }, false],
    [{ origin: 'http://www.example.co.uk' }, false],
    [{ referer: 'https://www.example.co.uk/admin' }, true],
    [{ referer: 'https://www.example.co.uk.evil.example/admin' }, false],
    [{ referer: 'not a url' }, false],
    [{}, false],
    [{ origin: 'https://www.example.co.uk', 'sec-fetch-site': 'same-origin' }, true],
    [{ origin: 'https://www.example.co.uk', 'sec-fetch-site': 'same-site' }, false],
    [{ origin: 'https://www.example.co.uk', 'sec-fetch-site': 'cross-site' }, false],
    [{ referer: 'https://www.example.co.uk/admin', 'sec-fetch-site': 'none' }, false],
  ])('%p → %p', (headers, expected) => {
    expect(isSameOrigin(request(headers), site)).toBe(expected);
  });
});

describe('server config', () => {
  it('refuses to start in production without an admin password', () => {
    expect(() => {
      const env = new EnvReader({ NODE_ENV: 'production' });
      readServerConfig(env);
      env.finish();
    }).toThrow('ADMIN_PASSWORD or ADMIN_PASSWORD_HASH is required in production');
  });

  it('refuses the development password in production', () => {
    const env = new EnvReader({ NODE_ENV: 'production', ADMIN_PASSWORD: DEV_ADMIN_PASSWORD });
    readServerConfig(env);
    expect(() => env.finish()).toThrow('ADMIN_PASSWORD is the development default');
  });

  it('names every bad variable at once', () => {
    const env = new EnvReader({ NODE_ENV: 'staging', REDIS_URL: 'http://nope', PUBLIC_SITE_URL: 'x' });
    readServerConfig(env);
    expect(() => env.finish()).toThrow(/NODE_ENV[\s\S]*REDIS_URL[\s\S]*PUBLIC_SITE_URL/);
  });

  it('listens on loopback and believes X-Forwarded-For from loopback only, unless told otherwise', () => {
    const env = new EnvReader({ NODE_ENV: 'production', ADMIN_PASSWORD: 'a-real-password' });
    const config = readServerConfig(env);
    env.finish();
    expect(config.bindHost).toBe('127.0.0.1');
    expect(config.trustProxy).toBe('loopback');
  });

  it.each(['0.0.0.0', '::', '192.0.2.10', '::1'])('takes BIND_HOST=%s', (host) => {
    const env = new EnvReader({ BIND_HOST: host });
    expect(readServerConfig(env).bindHost).toBe(host);
    env.finish();
  });

  it.each(['everywhere', 'localhost:3001', '300.1.1.1'])('refuses BIND_HOST=%s', (host) => {
    const env = new EnvReader({ BIND_HOST: host });
    readServerConfig(env);
    expect(() => env.finish()).toThrow(/BIND_HOST must be an IP address/);
  });

  it('reads optional whole numbers and flags, leaving unset ones undefined', () => {
    const env = new EnvReader({ COUNT: ' 12 ', ON: 'TRUE', OFF: '0', EMPTY: ' ' });
    expect([env.optionalInteger('COUNT'), env.optionalInteger('EMPTY'), env.optionalBoolean('ON'), env.optionalBoolean('OFF'), env.optionalBoolean('UNSET')]).toEqual([
      12,
      undefined,
      true,
      false,
      undefined,
    ]);
    env.finish();
  });

  it('names bad optional values too, with the error type the caller asks for', () => {
    class SettingsError extends Error {}
    const env = new EnvReader({ COUNT: '-1', ON: 'yes' });
    env.optionalInteger('COUNT', { min: 0, max: 10 });
    env.optionalBoolean('ON');
    expect(() => env.finish(SettingsError)).toThrow(SettingsError);
    expect(() => env.finish()).toThrow(/COUNT must be a whole number from 0 to 10[\s\S]*ON must be 1, 0, true or false/);
  });

  it('accepts an argon2id hash instead of a password', () => {
    const env = new EnvReader({ NODE_ENV: 'production', ADMIN_PASSWORD_HASH: '$argon2id$v=19$m=19456,t=2,p=1$abc$def' });
    const config = readServerConfig(env);
    env.finish();
    expect(config.admin.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
