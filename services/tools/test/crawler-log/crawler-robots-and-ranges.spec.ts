import { describe, expect, it } from '@jest/globals';
import { prefixesOf } from '../../src/crawler-log/published-ranges.js';
import { robotsGroups } from '../../src/crawler-log/crawler-log-robots.js';

const ROBOTS = [
  '# Shop robots',
  'User-agent: GPTBot',
  'User-agent: ClaudeBot',
  'Disallow: /',
  '',
  'User-agent: Google-Extended',
  'Disallow: /recipes/ # no training on recipes',
  '',
  'User-agent: *',
  'Disallow: /checkout',
  'Sitemap: https://shop.example/sitemap.xml',
].join('\n');

describe('robots.txt lines per AI crawler', () => {
  const groups = robotsGroups(new URL('https://shop.example/robots.txt'), ROBOTS);
  const of = (agent: string) => groups.find((group) => group.agent === agent);

  it('gives an agent named by a group that group, with every user-agent line of it, and whether the home page is allowed', () => {
    expect(of('GPTBot')).toEqual({ agent: 'GPTBot', matchedBy: 'GPTBot', lines: ['User-agent: GPTBot', 'User-agent: ClaudeBot', 'Disallow: /'], homeAllowed: false });
    expect(of('ClaudeBot')).toMatchObject({ matchedBy: 'ClaudeBot', homeAllowed: false });
    expect(of('Google-Extended')).toEqual({ agent: 'Google-Extended', matchedBy: 'Google-Extended', lines: ['User-agent: Google-Extended', 'Disallow: /recipes/'], homeAllowed: true });
  });

  it('gives every other agent the * group, and none when the file has no group for it', () => {
    expect(of('PerplexityBot')).toEqual({ agent: 'PerplexityBot', matchedBy: '*', lines: ['User-agent: *', 'Disallow: /checkout'], homeAllowed: true });
    expect(robotsGroups(new URL('https://shop.example/robots.txt'), '').find((group) => group.agent === 'GPTBot')).toEqual({
      agent: 'GPTBot',
      matchedBy: null,
      lines: [],
      homeAllowed: true,
    });
  });
});

describe('published address lists', () => {
  it('reads the operators’ format (ipv4Prefix and ipv6Prefix), skipping entries that are not ranges', () => {
    const list = JSON.stringify({
      creationTime: '2025-01-22T00:00:00.000000',
      prefixes: [{ ipv4Prefix: '20.171.206.0/24' }, { ipv6Prefix: '2001:4860:4801:10::/64' }, { ipv4Prefix: 42 }, { ipv4Prefix: 'not-a-range' }, {}],
    });
    expect(prefixesOf(list)).toEqual(['20.171.206.0/24', '2001:4860:4801:10::/64']);
  });

  it('refuses a document with no ranges rather than emptying the shipped list', () => {
    expect(() => prefixesOf('{"prefixes": []}')).toThrow('the list holds no address range');
    expect(() => prefixesOf('<html>blocked</html>')).toThrow();
    expect(() => prefixesOf('{"ranges": ["1.2.3.0/24"]}')).toThrow('the list has no "prefixes"');
  });
});
