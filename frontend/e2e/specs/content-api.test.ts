import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { e2eStack, repoRoot } from '../support/e2e-env.js';

const api = (path: string): string => `${e2eStack.gatewayUrl}/api${path}`;

interface StarterPost {
  title: string;
  published: boolean;
}

/** The content service's own starter content, which the stack seeded into the empty e2e database. */
async function starterPosts(): Promise<StarterPost[]> {
  const modulePath = `${repoRoot}services/content/dist/src/seed/starter-content.js`;
  const { STARTER_POSTS } = (await import(modulePath)) as { STARTER_POSTS: StarterPost[] };
  return STARTER_POSTS;
}

function login(password: string, spoofedAddress: string): Promise<Response> {
  return fetch(api('/admin/login'), {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: e2eStack.gatewayUrl,
      'x-forwarded-for': spoofedAddress,
      'x-real-ip': spoofedAddress,
    },
    body: JSON.stringify({ password }),
  });
}

void describe('the content API through the gateway', () => {
  void test('the site reports itself healthy', async () => {
    const response = await fetch(api('/health'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
  });

  void test('the blog lists the seeded published posts and no drafts', async () => {
    const response = await fetch(api('/blog-posts'));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const posts = (await response.json()) as { title: string; slug: string; published: boolean }[];
    const seeded = await starterPosts();
    const expected = seeded.filter((post) => post.published).map((post) => post.title);
    assert.ok(expected.length > 0 && seeded.some((post) => !post.published), 'the seed has published posts and a draft');
    assert.deepEqual(posts.map((post) => post.title).sort(), [...expected].sort());
    assert.ok(posts.every((post) => post.published));

    const first = posts[0];
    assert.ok(first);
    const single = await fetch(api(`/blog-posts/${encodeURIComponent(first.slug)}`));
    assert.equal(single.status, 200);
    assert.equal(((await single.json()) as { title: string }).title, first.title);
  });

  void test('an unknown API path answers a JSON 404', async () => {
    const response = await fetch(api('/no-such-resource'));
    assert.equal(response.status, 404);
    assert.match(response.headers.get('content-type') ?? '', /^application\/json/);
    const body = (await response.json()) as Record<string, unknown>;
    assert.equal(body.statusCode, 404);
    assert.equal(typeof body.message, 'string');
    assert.equal(typeof body.error, 'string');
  });

  void test('a spoofed X-Forwarded-For does not escape the login throttle', async () => {
    // Every attempt claims a different address; the service must still see one client (the
    // gateway's view), so the free failures run out and the next attempt is throttled.
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await login('not-the-password', `203.0.113.${attempt}`);
      assert.equal(response.status, 401, `attempt ${attempt}`);
    }
    const throttled = await login('not-the-password', '203.0.113.99');
    assert.equal(throttled.status, 429);
    assert.match(throttled.headers.get('content-type') ?? '', /^application\/json/);

    // The right password after the delay signs in and clears the record for later tests.
    await sleep(Number(throttled.headers.get('retry-after') ?? 1) * 1000 + 200);
    const signedIn = await login(e2eStack.adminPassword, '198.51.100.1');
    assert.equal(signedIn.status, 204);
  });
});
