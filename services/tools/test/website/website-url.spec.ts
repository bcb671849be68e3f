import { describe, expect, it } from '@jest/globals';
import { normaliseWebsiteUrl, WebsiteInputError } from '../../src/website/website-url.js';

describe('normaliseWebsiteUrl', () => {
  it.each([
    ['example.com', 'https://example.com/'],
    ['  example.com  ', 'https://example.com/'],
    ['EXAMPLE.com/Shop?x=1#top', 'https://example.com/Shop?x=1'],
    ['http://example.com', 'http://example.com/'],
    ['https://www.example.co.uk/about', 'https://www.example.co.uk/about'],
    ['//example.com/a', 'https://example.com/a'],
    ['http:example.com', 'http://example.com/'],
    ['example.com:443', 'https://example.com/'],
    ['http://example.com:80/', 'http://example.com/'],
    ['https://example.com:80/', 'https://example.com:80/'],
    ['bücher.de', 'https://xn--bcher-kva.de/'],
    ['93.184.216.34', 'https://93.184.216.34/'],
  ])('%p → %s', (input, expected) => {
    expect(normaliseWebsiteUrl(input).href).toBe(expected);
  });

  it.each([
    ['', 'Please enter your website address.'],
    ['   ', 'Please enter your website address.'],
    [`example.com/${'a'.repeat(2100)}`, 'too long (at most 2048 characters)'],
    ['exa mple.com', 'must not contain spaces'],
    ['ftp://example.com', 'Only http:// and https://'],
    ['javascript:alert(1)', 'Only http:// and https://'],
    ['file:///etc/passwd', 'Only http:// and https://'],
    ['mailto:me@example.com', 'Only http:// and https://'],
    ['https://user:secret@example.com', 'user name or password'],
    ['example.com:8080', 'remove ":8080"'],
    ['http://example.com:22/', 'remove ":22"'],
    ['localhost', 'local or internal host'],
    ['http://localhost:80/', 'local or internal host'],
    ['http://metadata.google.internal/', 'local or internal host'],
    ['app.localhost', 'local or internal host'],
    ['nas.local', 'local or internal host'],
    ['intranet', 'full website address with a domain'],
    ['127.0.0.1', 'this machine (loopback)'],
    ['2130706433', 'this machine (loopback)'],
    ['0x7f000001', 'this machine (loopback)'],
    ['127.1', 'this machine (loopback)'],
    ['[::1]', 'this machine (loopback)'],
    ['[::ffff:127.0.0.1]', 'IPv4-mapped'],
    ['0.0.0.0', 'unspecified address'],
    ['10.1.2.3', 'private network'],
    ['192.168.0.10', 'private network'],
    ['100.64.1.1', 'shared carrier network'],
    ['169.254.169.254', 'link-local'],
    ['[fe80::1]', 'link-local'],
    ['[fd00::2]', 'private network'],
    ['https://exa_mple..com', 'does not look like a website address'],
    ['http://[::1', 'does not look like a website address'],
    [`${'a'.repeat(64)}.com`, 'does not look like a website address'],
  ])('%p is refused: %s', (input, message) => {
    let thrown: unknown;
    try {
      normaliseWebsiteUrl(input);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(WebsiteInputError);
    expect((thrown as Error).message).toContain(message);
    expect((thrown as Error).message).toMatch(/^[A-Z].*\.$/);
  });
});
