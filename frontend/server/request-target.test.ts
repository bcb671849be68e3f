// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { MAX_ADDRESS_LENGTH, readRequestTarget } from './request-target';

describe('readRequestTarget', () => {
  it('passes canonical addresses through as sent', () => {
    for (const target of ['/', '/blog', '/blog/a-post', '/blog?a=%20b&c', '/robots.txt', '/a%2F%2Fb', '/blog?next=//elsewhere\\x']) {
      expect(readRequestTarget(target)).toEqual({ kind: 'page', target, path: target.split('?')[0] });
    }
  });

  it('redirects empty segments and a trailing slash to the collapsed path, the query kept byte for byte', () => {
    const cases: [string, string][] = [
      ['//', '/'],
      ['///', '/'],
      ['//anything/blog', '/anything/blog'],
      ['//evil.example/', '/evil.example'],
      ['/\\evil.example', '/evil.example'],
      ['/\\/\\evil.example', '/evil.example'],
      ['/blog/', '/blog'],
      ['/blog//', '/blog'],
      ['/blog/?a=%20b&c={}', '/blog?a=%20b&c={}'],
      ['//?q=1', '/?q=1'],
      ['/blog/#top', '/blog#top'],
    ];
    for (const [target, location] of cases) expect(readRequestTarget(target)).toEqual({ kind: 'redirect', location });
  });

  it('never redirects to another host', () => {
    for (const target of ['//evil.example', '/\\evil.example', '///\\\\evil.example/', '/\\\t/evil.example', '/.//evil.example']) {
      const result = readRequestTarget(target);
      expect(result.kind).toBe('redirect');
      if (result.kind === 'redirect') expect(result.location).toMatch(/^\/(?![/\\])[\x21-\x7e]*$/);
    }
  });

  it('escapes bytes a header cannot carry as they are', () => {
    expect(readRequestTarget('/caf\u00e9/?q=a b\t')).toEqual({ kind: 'redirect', location: '/caf%C3%A9?q=a%20b%09' });
  });

  it('refuses a path longer than any page, and a redirect that would not fit the limit', () => {
    expect(readRequestTarget(`/${'a'.repeat(MAX_ADDRESS_LENGTH)}`)).toEqual({ kind: 'too-long' });
    expect(readRequestTarget(`/${'a'.repeat(MAX_ADDRESS_LENGTH)}/`)).toEqual({ kind: 'too-long' });
    expect(readRequestTarget(`/blog/?q=${'a'.repeat(MAX_ADDRESS_LENGTH)}`)).toEqual({ kind: 'too-long' });
    const longQuery = `/blog?q=${'a'.repeat(MAX_ADDRESS_LENGTH * 3)}`;
    expect(readRequestTarget(longQuery)).toEqual({ kind: 'page', target: longQuery, path: '/blog' });
  });

  it('refuses targets that are not paths', () => {
    for (const target of ['http://evil.example/blog', '*', '', 'blog']) expect(readRequestTarget(target)).toEqual({ kind: 'unreadable' });
  });
});
