// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { siteHref } from '../src/config/site-config';
import { loadWebConfig, siteConfigFromEnv, unsetSiteVariables } from './web-config';

describe('siteConfigFromEnv', () => {
  it('uses placeholder defaults when nothing is set, and no company number at all', () => {
    const config = siteConfigFromEnv({});
    expect(config.siteUrl).toBe('http://localhost:8080');
    expect(config.companyNumber).toBe('');
    expect(config.contactEmail).toBe('hello@example.com');
  });

  it('leaves every external link empty when unset, so no example.com address shows', () => {
    const config = siteConfigFromEnv({});
    expect({ ...config.social, ...config.external }).toEqual({ linkedIn: '', youtube: '', queryClusteringTool: '', whyUsBlog: '', rufusRadar: '' });
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

describe('loadWebConfig', () => {
  it('uses the defaults when nothing is set', () => {
    const config = loadWebConfig({});
    expect(config.port).toBe(3000);
    expect(config.contentUrl).toBe('http://127.0.0.1:3001');
    expect(config.contentCacheTtlMs).toBe(10_000);
    expect(config.site.siteUrl).toBe('http://localhost:8080');
  });

  it('reads the content service from its port, or from its own address without a trailing slash', () => {
    expect(loadWebConfig({ CONTENT_PORT: '4001' }).contentUrl).toBe('http://127.0.0.1:4001');
    expect(loadWebConfig({ CONTENT_INTERNAL_URL: 'http://content:3001/' }).contentUrl).toBe('http://content:3001');
  });

  it('names every bad variable in one message instead of stopping at the first', () => {
    const bad = {
      WEB_PORT: 'eighty',
      CONTENT_PORT: '70000',
      CONTENT_INTERNAL_URL: 'http://content:3001/api',
      WEB_CONTENT_CACHE_MS: '-1',
      PUBLIC_SITE_URL: 'agency.example',
      SITE_CONTACT_EMAIL: 'nobody',
      SITE_YOUTUBE_URL: 'ftp://videos.example',
    };
    let message = '';
    try {
      loadWebConfig(bad);
    } catch (error) {
      message = (error as Error).message;
    }
    const [heading, ...problems] = message.split('\n');
    expect(heading).toBe('Invalid configuration:');
    const named = problems.map((line) => /^\s+- (\w+) /.exec(line)?.[1]);
    expect(named.sort()).toEqual(Object.keys(bad).sort());
  });

  it('listens on loopback unless BIND_HOST widens it', () => {
    expect(loadWebConfig({}).bindHost).toBe('127.0.0.1');
    expect(loadWebConfig({ BIND_HOST: '' }).bindHost).toBe('127.0.0.1');
    expect(loadWebConfig({ BIND_HOST: '0.0.0.0' }).bindHost).toBe('0.0.0.0');
    expect(loadWebConfig({ BIND_HOST: '::' }).bindHost).toBe('::');
  });

  it('refuses a BIND_HOST that is not an IP address', () => {
    expect(() => loadWebConfig({ BIND_HOST: 'everywhere' })).toThrow(/BIND_HOST must be an IP address/);
  });

  it('names the site details left unset, which a production start warns about', () => {
    expect(unsetSiteVariables({ PUBLIC_SITE_URL: 'https://agency.example', SITE_VAT_NUMBER: 'GB123', SITE_COMPANY_NUMBER: ' ' })).toEqual(
      expect.arrayContaining(['SITE_COMPANY_NUMBER', 'SITE_CONTACT_EMAIL', 'SITE_RUFUS_RADAR_URL']),
    );
    const all = Object.fromEntries(unsetSiteVariables({}).map((name) => [name, 'https://set.example']));
    expect(unsetSiteVariables(all)).toEqual([]);
    expect(unsetSiteVariables({ SITE_VAT_NUMBER: 'GB123' })).not.toContain('SITE_VAT_NUMBER');
  });

  it('leaves company and VAT numbers empty when not set, so no placeholder is shown', () => {
    const site = siteConfigFromEnv({});
    expect([site.companyNumber, site.vatNumber]).toEqual(['', '']);
  });
});
