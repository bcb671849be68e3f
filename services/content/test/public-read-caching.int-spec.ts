import { describe, expect, it } from '@jest/globals';
import type { BlogPost, SearchLabEntry } from '@agency/shared';
import { PUBLIC_READ_CACHE_CONTROL } from '../src/common/public-read.decorator.js';
import { seedStarterContent } from '../src/seed/seed-starter-content.js';
import { ADMIN_PASSWORD, SITE_ORIGIN, useContentApp } from './support/test-app.js';

describe('caching headers of public reads and admin answers', () => {
  const suite = useContentApp('caching', (ctx) => seedStarterContent(ctx.dataSource));

  async function publicPaths(): Promise<string[]> {
    const [post] = (await suite.ctx.http().get('/api/blog-posts')).body as BlogPost[];
    const [entry] = (await suite.ctx.http().get('/api/search-lab-entries')).body as SearchLabEntry[];
    return [
      '/api/blog-posts',
      `/api/blog-posts/${post!.slug}`,
      `/api/blog-posts/${post!.id}`,
      '/api/categories',
      '/api/search-lab-entries',
      `/api/search-lab-entries/${entry!.slug}`,
      '/api/youtube-videos',
    ];
  }

  it('marks every public read cacheable for a second by shared caches, revalidated by browsers, with a weak ETag', async () => {
    expect(PUBLIC_READ_CACHE_CONTROL).toBe('public, max-age=0, s-maxage=1');
    for (const path of await publicPaths()) {
      const response = await suite.ctx.http().get(path).expect(200);
      expect([path, response.headers['cache-control']]).toEqual([path, PUBLIC_READ_CACHE_CONTROL]);
      expect([path, response.headers.etag]).toEqual([path, expect.stringMatching(/^W\/"/)]);
    }
  });

  it('answers 304 without a body to a matching If-None-Match, and 200 again once the content changed', async () => {
    const [post] = (await suite.ctx.http().get('/api/blog-posts')).body as BlogPost[];
    const path = `/api/blog-posts/${post!.slug}`;
    const { etag } = (await suite.ctx.http().get(path).expect(200)).headers as { etag: string };
    const notModified = await suite.ctx.http().get(path).set('If-None-Match', etag).expect(304);
    expect(notModified.text).toBe('');

    const { id: _id, slug: _slug, createdAt: _created, updatedAt: _updated, ...input } = post!;
    await suite.admin.put(`/api/admin/blog-posts/${post!.id}`, { ...input, title: `${post!.title} (revised)` }).expect(200);
    const changed = await suite.ctx.http().get(path).set('If-None-Match', etag).expect(200);
    expect((changed.body as BlogPost).title).toBe(`${post!.title} (revised)`);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('gives a missing item no public Cache-Control', async () => {
    const missing = await suite.ctx.http().get('/api/blog-posts/no-such-post').expect(404);
    expect(missing.headers['cache-control']).toBeUndefined();
  });

  it('marks admin answers, refusals and the login no-store', async () => {
    for (const path of ['/api/admin/blog-posts', '/api/admin/categories', '/api/admin/session', '/api/contact-messages']) {
      const answer = await suite.admin.get(path).expect(200);
      expect([path, answer.headers['cache-control']]).toEqual([path, 'no-store']);
      const refused = await suite.ctx.http().get(path).expect(401);
      expect([path, refused.headers['cache-control']]).toEqual([path, 'no-store']);
    }
    const login = await suite.ctx.http().post('/api/admin/login').set('Origin', SITE_ORIGIN).send({ password: ADMIN_PASSWORD }).expect(204);
    expect(login.headers['cache-control']).toBe('no-store');
  });
});
