import { describe, expect, it } from '@jest/globals';
import { classifyAddress, ipLiteralOf, PRODUCTION_POLICY, refusalReason } from '../../src/website/address-policy.js';

/** What the URL parser makes of a host, then how it is classified: the spellings an attacker may try. */
function classOfHost(host: string) {
  const literal = ipLiteralOf(new URL(`http://${host}/`).hostname);
  return literal === null ? 'name' : classifyAddress(literal);
}

describe('address classification', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['2130706433', 'loopback'], // decimal
    ['0x7f000001', 'loopback'], // hex
    ['0x7f.0.0.1', 'loopback'],
    ['017700000001', 'loopback'], // octal
    ['127.1', 'loopback'], // short form
    ['[::1]', 'loopback'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
    ['[::ffff:127.0.0.1]', 'ipv4-mapped'],
    ['[::ffff:7f00:1]', 'ipv4-mapped'],
    ['[::ffff:169.254.169.254]', 'ipv4-mapped'],
    ['0.0.0.0', 'unspecified'],
    ['0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['[::]', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['[fc00::1]', 'private'],
    ['[fd12:3456::1]', 'private'],
    ['100.64.0.1', 'carrier-grade-nat'],
    ['100.127.255.255', 'carrier-grade-nat'],
    ['169.254.169.254', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['[ff02::1]', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['[2001:db8::1]', 'reserved'],
    ['[64:ff9b::7f00:1]', 'reserved'], // NAT64 of 127.0.0.1
    ['[2002:7f00:1::]', 'reserved'], // 6to4 of 127.0.0.1
    ['[::127.0.0.1]', 'reserved'], // IPv4-compatible
    ['[fec0::1]', 'reserved'],
    ['93.184.216.34', 'public'],
    ['8.8.8.8', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['[2606:4700:4700::1111]', 'public'],
    ['example.com', 'name'],
  ])('%s is %s', (host, expected) => {
    expect(classOfHost(host)).toBe(expected);
  });

  it('treats text that is not an address as not an address', () => {
    expect(classifyAddress('localhost')).toBe('not-an-address');
    expect(classifyAddress('')).toBe('not-an-address');
  });
});

describe('refusal of a target URL', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://2130706433/', 'loopback'],
    ['http://[::ffff:127.0.0.1]/', 'IPv4-mapped'],
    ['http://169.254.169.254/latest/meta-data/', 'metadata'],
    ['http://metadata.google.internal/computeMetadata/v1/', 'metadata'],
    ['http://METADATA.GOOGLE.INTERNAL./', 'metadata'],
    ['http://localhost/', 'local or internal'],
    ['http://printer.local/', 'local or internal'],
    ['http://intranet/', 'local or internal'],
    ['http://example.com:8080/', 'port 8080'],
    ['ftp://example.com/', 'only http and https'],
    ['http://user:pw@example.com/', 'user name or password'],
  ])('%s is refused (%s)', (href, words) => {
    expect(refusalReason(new URL(href), PRODUCTION_POLICY)).toContain(words);
  });

  it.each(['http://example.com/', 'https://example.com:443/a?b=c', 'http://93.184.216.34/', 'https://[2606:4700:4700::1111]/'])(
    '%s is allowed',
    (href) => {
      expect(refusalReason(new URL(href), PRODUCTION_POLICY)).toBeNull();
    },
  );

  it('the test-only setting allows loopback and extra ports but never metadata, link-local or 0.0.0.0', () => {
    const testPolicy = { allowPrivateAddresses: true, extraPorts: [8080] };
    expect(refusalReason(new URL('http://127.0.0.1:8080/'), testPolicy)).toBeNull();
    expect(refusalReason(new URL('http://127.0.0.1:8081/'), testPolicy)).toContain('port 8081');
    expect(refusalReason(new URL('http://169.254.169.254:8080/'), testPolicy)).toContain('link-local');
    expect(refusalReason(new URL('http://0.0.0.0:8080/'), testPolicy)).toContain('unspecified');
    expect(refusalReason(new URL('http://metadata.google.internal:8080/'), testPolicy)).toContain('metadata');
  });
});
