import { describe, expect, it } from '@jest/globals';
import type { BlogPost } from '@agency/shared';
import { seedStarterContent } from '../src/seed/seed-starter-content.js';
import { useContentApp } from './support/test-app.js';

const validPost = {
  title: 'Testing Posts Through the API',
  excerpt: 'An excerpt.',
  content: 'Body with **bold** and a [link](https://example.com).',
  category: 'AI Search',
  readTime: '7 min read',
  published: true,
  datePosted: '2025-08-01T10:00:00Z',
};

describe('blog posts', () => {
  const suite = useContentApp('blog', (ctx) => seedStarterContent(ctx.dataSource));

  it('lists only published posts publicly, newest first by datePosted', async () => {
    const response = await suite.ctx.http().get('/api/blog-posts').expect(200);
    const posts = response.body as BlogPost[];
    expect(posts).toHaveLength(6);
    expect(posts.every((post) => post.published)).toBe(true);
    const dates = posts.map((post) => post.datePosted);
    expect([...dates].sort().reverse()).toEqual(dates);
  });

  it('lists drafts too for the admin', async () => {
    const response = await suite.admin.get('/api/admin/blog-posts').expect(200);
    const posts = response.body as BlogPost[];
    expect(posts).toHaveLength(7);
    expect(posts.filter((post) => !post.published)).toHaveLength(1);
  });

  it('finds a published post by numeric id or by slug', async () => {
    const [first] = (await suite.ctx.http().get('/api/blog-posts')).body as BlogPost[];
    const byId = await suite.ctx.http().get(`/api/blog-posts/${first!.id}`).expect(200);
    const bySlug = await suite.ctx.http().get(`/api/blog-posts/${first!.slug}`).expect(200);
    expect(byId.body).toEqual(bySlug.body);
    expect((bySlug.body as BlogPost).title).toBe(first!.title);
  });

  it('hides a draft from public lookups by id and by slug', async () => {
    const draft = ((await suite.admin.get('/api/admin/blog-posts')).body as BlogPost[]).find((post) => !post.published)!;
    for (const key of [String(draft.id), draft.slug]) {
      const response = await suite.ctx.http().get(`/api/blog-posts/${key}`).expect(404);
      expect(response.body).toEqual({ statusCode: 404, message: 'Blog post not found.', error: 'Not Found' });
    }
  });

  it('answers 404 JSON for an unknown id or slug', async () => {
    await suite.ctx.http().get('/api/blog-posts/999999').expect(404).expect('Content-Type', /json/);
    await suite.ctx.http().get('/api/blog-posts/no-such-post').expect(404);
    await suite.ctx.http().get('/api/blog-posts/99999999999999').expect(404);
  });

  it('creates a post with a server-made slug and read time in whole minutes', async () => {
    const response = await suite.admin.post('/api/admin/blog-posts', validPost).expect(201);
    const post = response.body as BlogPost;
    expect(post.slug).toBe('testing-posts-through-the-api');
    expect(post.readTime).toBe(7);
    expect(post.datePosted).toBe('2025-08-01T10:00:00.000Z');
    expect((await suite.ctx.http().get(`/api/blog-posts/${post.slug}`).expect(200)).body).toMatchObject({ id: post.id });
  });

  it.each([
    [5, 5],
    ['12', 12],
    ['3 mins', 3],
  ])('reads readTime %p as %p minutes', async (readTime, minutes) => {
    const response = await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: `Read time ${String(readTime)}`, readTime }).expect(201);
    expect((response.body as BlogPost).readTime).toBe(minutes);
  });

  it('computes the read time from the body at 200 words a minute unless staff give one', async () => {
    const body = Array.from({ length: 1_200 }, () => 'protein').join(' ');
    const computed = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Computed read time', content: body, readTime: undefined }).expect(201)).body as BlogPost;
    expect(computed.readTime).toBe(6);
    const short = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Short read', content: 'A short post of 170 words. '.repeat(28), readTime: null }).expect(201)).body as BlogPost;
    expect(short.readTime).toBe(1);
    const emptyText = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Empty read time', content: body, readTime: '' }).expect(201)).body as BlogPost;
    expect(emptyText.readTime).toBe(6);
    // An edit without an override follows the new text.
    const edited = (await suite.admin.put(`/api/admin/blog-posts/${computed.id}`, { ...validPost, title: 'Computed read time', content: 'Now short.', readTime: undefined }).expect(200)).body as BlogPost;
    expect(edited.readTime).toBe(1);
  });

  it('gives a second post with the same title its own slug', async () => {
    const first = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Same Title' }).expect(201)).body as BlogPost;
    const second = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Same Title' }).expect(201)).body as BlogPost;
    expect(first.slug).toBe('same-title');
    expect(second.slug).toBe('same-title-2');
  });

  it('keeps the slug when the title is edited, so shared links keep working', async () => {
    const created = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Original Title' }).expect(201)).body as BlogPost;
    const updated = (await suite.admin.put(`/api/admin/blog-posts/${created.id}`, { ...validPost, title: 'A Better Title', published: false }).expect(200))
      .body as BlogPost;
    expect(updated.slug).toBe('original-title');
    expect(updated.title).toBe('A Better Title');
    expect(updated.published).toBe(false);
    await suite.ctx.http().get('/api/blog-posts/original-title').expect(404);
    await suite.admin.put(`/api/admin/blog-posts/${created.id}`, { ...validPost, title: 'A Better Title', published: true }).expect(200);
    await suite.ctx.http().get('/api/blog-posts/original-title').expect(200);
  });

  it('stores the category with its canonical spelling, matched regardless of case', async () => {
    const response = await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Case test', category: 'ai search' }).expect(201);
    expect((response.body as BlogPost).category).toBe('AI Search');
  });

  it('refuses a category that does not exist', async () => {
    const response = await suite.admin.post('/api/admin/blog-posts', { ...validPost, category: 'Gardening' }).expect(400);
    expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect((response.body as { message: string }).message).toContain('category "Gardening" does not exist');
  });

  it.each([
    ['title', { title: '   ' }, 'title is required.'],
    ['excerpt', { excerpt: undefined }, 'excerpt is required.'],
    ['content', { content: 42 }, 'content must be text.'],
    ['readTime', { readTime: 'soon' }, 'readTime must be a number of minutes'],
    ['readTime', { readTime: 0 }, 'readTime must be a number of minutes'],
    ['datePosted', { datePosted: 'yesterday' }, 'datePosted must be a date-time'],
    ['image', { image: 'javascript:alert(1)' }, 'image must be an http or https URL or an image from the media library.'],
    ['published', { published: 'yes' }, 'published must be true or false.'],
    ['an unknown field', { slug: 'chosen-by-client' }, 'Unknown field "slug" is not allowed.'],
    ['title length', { title: 'x'.repeat(201) }, 'title must be at most 200 characters.'],
  ])('refuses a bad %s with a 400 naming the field', async (_label, change, message) => {
    const response = await suite.admin.post('/api/admin/blog-posts', { ...validPost, ...change }).expect(400);
    expect((response.body as { message: string }).message).toContain(message);
  });

  it('stores no image when none or an empty one is given', async () => {
    const response = await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'No image', image: '' }).expect(201);
    expect((response.body as BlogPost).image).toBeNull();
  });

  it('answers 404 for updating or deleting a post that does not exist, and 400 for a bad id', async () => {
    await suite.admin.put('/api/admin/blog-posts/424242', validPost).expect(404);
    await suite.admin.delete('/api/admin/blog-posts/424242').expect(404);
    const response = await suite.admin.delete('/api/admin/blog-posts/abc').expect(400);
    expect((response.body as { message: string }).message).toBe('id must be a positive whole number.');
  });

  it('deletes a post', async () => {
    const created = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Short lived' }).expect(201)).body as BlogPost;
    await suite.admin.delete(`/api/admin/blog-posts/${created.id}`).expect(204);
    await suite.ctx.http().get(`/api/blog-posts/${created.id}`).expect(404);
  });

  it('leaves the stored post untouched when an update is refused', async () => {
    const created = (await suite.admin.post('/api/admin/blog-posts', { ...validPost, title: 'Stable' }).expect(201)).body as BlogPost;
    await suite.admin.put(`/api/admin/blog-posts/${created.id}`, { ...validPost, title: 'Changed', category: 'Nope' }).expect(400);
    const stored = (await suite.ctx.http().get(`/api/blog-posts/${created.id}`).expect(200)).body as BlogPost;
    expect(stored.title).toBe('Stable');
  });
});
