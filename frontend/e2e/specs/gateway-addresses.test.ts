import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { e2eStack } from '../support/e2e-env.js';
import { rawGet, type RawAnswer } from '../support/raw-http.js';

/** Requests whose address the gateway passes to the web server as sent, slashes and all. */
const get = (target: string): Promise<RawAnswer> => rawGet(e2eStack.gatewayUrl, target);

const a = (length: number): string => 'a'.repeat(length);

void describe('unusual addresses through the gateway', () => {
  void test('an address with an empty segment is redirected to the collapsed path on this site, never read as a host', async () => {
    const expected: [string, string][] = [
      ['//', '/'],
      ['//anything/blog', '/anything/blog'],
      ['//evil.example/', '/evil.example'],
      ['/\\evil.example/blog', '/evil.example/blog'],
      ['/\\/evil.example', '/evil.example'],
      ['/blog//some-post', '/blog/some-post'],
      ['//?q=1', '/?q=1'],
    ];
    for (const [target, location] of expected) {
      const answer = await get(target);
      assert.equal(answer.status, 308, target);
      assert.equal(answer.headers.location, location, target);
    }
    assert.equal((await get('/anything/blog')).status, 404, 'the collapsed path of //anything/blog is not the blog');
  });

  void test('a trailing slash is redirected permanently, with the query exactly as sent', async () => {
    for (const [target, location] of [
      ['/blog/', '/blog'],
      ['/blog/?a=%20b&c=%7B%7D&flag', '/blog?a=%20b&c=%7B%7D&flag'],
      ['/about//', '/about'],
    ]) {
      const answer = await get(target!);
      assert.equal(answer.status, 308, target);
      assert.equal(answer.headers.location, location, target);
    }
    assert.equal((await get('/blog')).status, 200);
  });

  void test('odd addresses answer a page, a redirect or 4xx, never 5xx', async () => {
    for (const target of ['//', '///', '/%00', '/..', '/%2e%2e/', '/blog/%E0%A4%A', '/.%2F', '/%C0%AF', '/blog/%', '/search-lab/%ff', '/blog/..%2f..%2f', '/%3Cscript%3E', '/?%', '/search?q=%', '/%23', '/;', '/admin/%', '/rss.xml/', '/sitemap.xml?x=%']) {
      const answer = await get(target);
      assert.ok(answer.status < 500, `${target}: ${answer.status}`);
    }
  });

  void test('a long address answers 414 or 404 and never 5xx, whether it ends in a slash or would be redirected', async () => {
    for (const target of [`/${a(4200)}/`, `/${a(7000)}/`, `//${a(5000)}`, `/blog/${a(3000)}`, `/blog/?q=${a(6000)}`, `/api/${a(5000)}/`]) {
      const answer = await get(target);
      assert.ok([404, 414].includes(answer.status), `${target.slice(0, 20)}… (${target.length} characters): ${answer.status}`);
      if (!target.startsWith('/api/')) assert.match(answer.headers['content-type'] ?? '', /^text\/html/);
    }
    const longQuery = await get(`/blog?utm_campaign=${a(6000)}`);
    assert.equal(longQuery.status, 200, 'a long query on a page address still renders the page');
  });

  void test('no spelling of an address makes the web server fail', async () => {
    for (const target of ['//', '///', '//\\', '/\\', '/\\\\', '/./', '/../', '/?', '/#', '//%2F', '/%2F%2F/', '/a/..//b/', '/%5C%5Cevil.example/', '/caf\u00e9/', `/${'/'.repeat(40)}x`]) {
      const answer = await get(target);
      assert.ok(answer.status < 500, `${target}: ${answer.status}`);
      if (answer.status >= 300 && answer.status < 400) assert.match(answer.headers.location ?? '', /^\/(?![/\\])/, `${target}: stays on this site`);
    }
  });
});
