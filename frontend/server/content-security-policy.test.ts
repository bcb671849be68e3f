// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { siteConfigFromEnv } from './web-config';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, pageContentSecurityPolicy } from './content-security-policy';

const directive = (policy: string, name: string): string | undefined =>
  policy
    .split('; ')
    .find((part) => part.startsWith(`${name} `) || part === name);

describe('pageContentSecurityPolicy', () => {
  it('lets only the named inline scripts run, and frames only the two embeds', () => {
    const site = siteConfigFromEnv({ PUBLIC_SITE_URL: 'https://agency.example', SITE_RUFUS_RADAR_URL: 'https://radar.example.net/tool?x=1' });
    const policy = pageContentSecurityPolicy(site, ["'sha256-abc'", "'sha256-def'"]);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc' 'sha256-def'");
    expect(directive(policy, 'script-src')).not.toMatch(/unsafe-inline/);
    expect(directive(policy, 'frame-src')).toBe('frame-src https://www.youtube-nocookie.com https://radar.example.net');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https:");
    expect(directive(policy, 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
    expect(policy).not.toMatch(/unsafe-eval/);
  });

  it('allows http images and skips the upgrade only on a plain-HTTP site (local development)', () => {
    const policy = pageContentSecurityPolicy(siteConfigFromEnv({}), []);
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https: http:");
    expect(directive(policy, 'upgrade-insecure-requests')).toBeUndefined();
  });

  it('hashes the exact text of each executable inline script, once, and skips files and JSON-LD', () => {
    const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
    const html =
      '<head><script type="application/ld+json">{"a":1}</script><script src="/assets/x.js" type="module"></script></head>' +
      '<body><script>window.a = "é";</script><script type="module">import("/x")</script><script>window.a = "é";</script>' +
      '<script class="x">\n  multi\n  line\n</script></body>';
    expect(inlineScriptHashes(html)).toEqual([sha('window.a = "é";'), sha('import("/x")'), sha('\n  multi\n  line\n')]);
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });
});
