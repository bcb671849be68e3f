import { describe, expect, it } from 'vitest';
import { siteConfigFromEnv, siteHref } from './site-config';

describe('siteConfigFromEnv', () => {
  it('uses placeholder defaults when nothing is set', () => {
    const config = siteConfigFromEnv({});
    expect(config.siteUrl).toBe('http://localhost:8080');
    expect(config.companyNumber).toBe('00000000');
    expect(config.contactEmail).toBe('hello@example.com');
  });

  it('reads the environment and drops a trailing slash from the site URL', () => {
    const config = siteConfigFromEnv({
      PUBLIC_SITE_URL: 'https://www.agency.example/',
      SITE_COMPANY_NUMBER: '12345678',
      SITE_RUFUS_RADAR_URL: 'https://radar.example/app',
      SITE_CONTACT_EMAIL: 'team@agency.example',
    });
    expect(config.siteUrl).toBe('https://www.agency.example');
    expect(siteHref(config, '/')).toBe('https://www.agency.example/');
    expect(siteHref(config, '/blog')).toBe('https://www.agency.example/blog');
    expect(config.companyNumber).toBe('12345678');
    expect(config.external.rufusRadar).toBe('https://radar.example/app');
    expect(config.contactEmail).toBe('team@agency.example');
  });

  it('refuses values that are not what they should be, naming the variable', () => {
    expect(() => siteConfigFromEnv({ PUBLIC_SITE_URL: 'agency.example' })).toThrow(/PUBLIC_SITE_URL/);
    expect(() => siteConfigFromEnv({ SITE_LINKEDIN_URL: 'javascript:alert(1)' })).toThrow(/SITE_LINKEDIN_URL/);
    expect(() => siteConfigFromEnv({ SITE_CONTACT_EMAIL: 'nobody' })).toThrow(/SITE_CONTACT_EMAIL/);
  });
});
