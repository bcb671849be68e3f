import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { adminCookie, adminRequest, seeded, site } from '../support/site.js';

/** What the gateway's micro-cache promises (docs/performance.md, "Content reads"): an edit reaches visitors within 2 s. */
const VISIBLE_WITHIN_MS = 2000;

async function publicTitles(): Promise<string[]> {
  const response = await fetch(site('/api/blog-posts'));
  assert.equal(response.status, 200);
  return ((await response.json()) as { title: string }[]).map((post) => post.title);
}

/** Polls until `check` holds and returns how long that took; fails after a generous limit. */
async function timeUntil(check: () => Promise<boolean>): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > 10_000) assert.fail('the change did not reach the public read within 10 s');
    await sleep(50);
  }
  return Date.now() - started;
}

void describe('caching of public content reads through the gateway', () => {
  let cookie = '';
  let draftId: number | undefined;

  before(async () => {
    cookie = await adminCookie();
  });

  after(async () => {
    if (draftId !== undefined) await adminRequest(cookie, 'DELETE', `/api/admin/blog-posts/${draftId}`);
  });

  void test('public reads may be kept briefly, carry an ETag and answer 304 to a matching If-None-Match', async () => {
    const path = `/api/blog-posts/${seeded.newestPost.slug}`;
    const first = await fetch(site(path));
    assert.equal(first.status, 200);
    assert.equal(first.headers.get('cache-control'), 'public, max-age=0, s-maxage=1');
    const etag = first.headers.get('etag');
    assert.ok(etag, 'an ETag');
    await first.arrayBuffer();
    const again = await fetch(site(path), { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(await again.text(), '');
    const missing = await fetch(site('/api/blog-posts/no-such-post-anywhere'));
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('cache-control'), null);
  });

  void test('admin answers are never stored by anyone', async () => {
    for (const path of ['/api/admin/blog-posts', '/api/admin/session']) {
      const response = await adminRequest(cookie, 'GET', path);
      assert.equal(response.status, 200, path);
      assert.equal(response.headers.get('cache-control'), 'no-store', path);
      assert.equal(response.headers.get('x-cache-status'), null, path);
    }
    const refused = await fetch(site('/api/admin/blog-posts'));
    assert.equal(refused.status, 401);
    assert.equal(refused.headers.get('cache-control'), 'no-store');
  });

  void test('a draft never reaches visitors, and publishing or withdrawing a post shows within 2 s', async () => {
    const title = `Cache check ${Date.now()}`;
    const created = await adminRequest(cookie, 'POST', '/api/admin/blog-posts', {
      title,
      excerpt: 'Written by the e2e run to check the gateway cache.',
      content: 'Body.',
      category: seeded.categories[0],
      readTime: 2,
      published: false,
      // Older than the seed, so it never becomes the featured post other specs look for.
      datePosted: '2019-01-01T09:00:00.000Z',
    });
    assert.equal(created.status, 201, await created.clone().text());
    const draft = (await created.json()) as Record<string, unknown> & { id: number; slug: string };
    draftId = draft.id;

    // The admin's own reads of the public routes (cookie: cache bypassed) are not stored for visitors.
    await adminRequest(cookie, 'GET', '/api/blog-posts');
    await adminRequest(cookie, 'GET', `/api/blog-posts/${draft.slug}`);
    for (let check = 0; check < 3; check++) {
      assert.ok(!(await publicTitles()).includes(title), 'the draft is not in the public list');
      assert.equal((await fetch(site(`/api/blog-posts/${draft.slug}`))).status, 404);
      await sleep(300);
    }

    const { id: _id, slug: _slug, createdAt: _created, updatedAt: _updated, ...input } = draft;
    const published = await adminRequest(cookie, 'PUT', `/api/admin/blog-posts/${draft.id}`, { ...input, published: true });
    assert.equal(published.status, 200, await published.clone().text());
    const toAppear = await timeUntil(async () => (await publicTitles()).includes(title));
    assert.ok(toAppear <= VISIBLE_WITHIN_MS + 300, `published post visible after ${toAppear} ms`);

    const withdrawn = await adminRequest(cookie, 'PUT', `/api/admin/blog-posts/${draft.id}`, { ...input, published: false });
    assert.equal(withdrawn.status, 200);
    const toDisappear = await timeUntil(async () => (await fetch(site(`/api/blog-posts/${draft.slug}`))).status === 404);
    assert.ok(toDisappear <= VISIBLE_WITHIN_MS + 300, `withdrawn post gone after ${toDisappear} ms`);
  });
});
