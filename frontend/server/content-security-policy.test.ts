// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { siteConfigFromEnv } from './web-config';
import { newCspNonce, pageContentSecurityPolicy } from './content-security-policy';

const directive = (policy: string, name: string): string | undefined =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `) || part === name);

describe('pageContentSecurityPolicy', () => {
  it('lets only the nonce holder run inline script, and frames only the two embeds', () => {
    const site = siteConfigFromEnv({ PUBLIC_SITE_URL: 'https://agency.example', SITE_RUFUS_RADAR_URL: 'https://radar.example.net/tool?x=1' });
    const policy = pageContentSecurityPolicy(site, 'abc123');
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'nonce-abc123'");
    expect(directive(policy, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com https://radar.example.net');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https:");
    expect(directive(policy, 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
    expect(policy).not.toMatch(/unsafe-eval/);
  });

  it('allows http images and skips the upgrade only on a plain-HTTP site (local development)', () => {
    const policy = pageContentSecurityPolicy(siteConfigFromEnv({}), 'n');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https: http:");
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('makes a different 128-bit nonce each time', () => {
    const nonces = new Set(Array.from({ length: 100 }, () => newCspNonce()));
    expect(nonces.size).toBe(100);
    for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
  });
});
