import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { BlogPost, MediaAsset, SearchLabEntry, YoutubeVideo } from '@agency/shared';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { seedStarterContent } from '../src/seed/seed-starter-content.js';
import { adminCookie, asAdmin, SITE_ORIGIN, startContentApp, type TestContext } from './support/test-app.js';

const post = {
  title: 'A Post Written For Later',
  excerpt: 'Scheduled excerpt.',
  content: 'Scheduled body.',
  category: 'AI Search',
  readTime: 4,
  published: true,
};

/** Date faked (jest's modern timers), real timers: the server reads "now" from Date, as in production. */
function useFakeClock(now: number): void {
  jest.useFakeTimers({
    now,
    doNotFake: ['hrtime', 'nextTick', 'performance', 'queueMicrotask', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'],
  });
}

describe('editor publishing: scheduling, preview and media', () => {
  let ctx: TestContext;
  let admin: ReturnType<typeof asAdmin>;
  let mediaDir: string;

  beforeAll(async () => {
    mediaDir = await mkdtemp(path.join(tmpdir(), 'agency-media-'));
    ctx = await startContentApp('editor', { MEDIA_DIR: mediaDir, MEDIA_MAX_BYTES: String(200 * 1024) });
    await seedStarterContent(ctx.dataSource);
    admin = asAdmin(ctx, await adminCookie(ctx));
  });
  afterAll(async () => {
    jest.useRealTimers();
    await ctx.close();
    await rm(mediaDir, { recursive: true, force: true });
  });

  it('publishes a scheduled post at its moment: hidden from lists and lookups before, shown after, with no restart', async () => {
    const start = Date.parse('2030-01-01T09:00:00Z');
    useFakeClock(start);
    try {
      const datePosted = new Date(start + 60_000).toISOString();
      const created = (await admin.post('/api/admin/blog-posts', { ...post, datePosted }).expect(201)).body as BlogPost;

      const before = await ctx.http().get('/api/blog-posts').expect(200);
      expect((before.body as BlogPost[]).map((p) => p.id)).not.toContain(created.id);
      expect(before.headers['x-next-publication']).toBe(datePosted);
      await ctx.http().get(`/api/blog-posts/${created.slug}`).expect(404);

      jest.setSystemTime(start + 59_000);
      await ctx.http().get(`/api/blog-posts/${created.slug}`).expect(404);

      jest.setSystemTime(start + 60_000);
      const after = await ctx.http().get('/api/blog-posts').expect(200);
      expect((after.body as BlogPost[])[0]!.id).toBe(created.id);
      expect(after.headers['x-next-publication']).toBeUndefined();
      await ctx.http().get(`/api/blog-posts/${created.slug}`).expect(200);
    } finally {
      jest.useRealTimers();
    }
  });

  it('lets only a signed-in admin read a draft or scheduled post (the preview), never cached', async () => {
    const draft = (await admin.post('/api/admin/blog-posts', { ...post, title: 'Preview Me', published: false, datePosted: '2025-01-01T00:00:00Z' }).expect(201))
      .body as BlogPost;
    await ctx.http().get(`/api/blog-posts/${draft.slug}`).expect(404);
    const anonymous = await ctx.http().get(`/api/admin/blog-posts/${draft.slug}`).expect(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    await ctx.http().get(`/api/admin/blog-posts/${draft.slug}`).set('Cookie', 'admin_session=forged').expect(401);
    const preview = await admin.get(`/api/admin/blog-posts/${draft.slug}`).expect(200);
    expect(preview.headers['cache-control']).toBe('no-store');
    expect((preview.body as BlogPost).title).toBe('Preview Me');
  });

  it('keeps meta fields and requires alt text with a cover image', async () => {
    const refused = await admin
      .post('/api/admin/blog-posts', { ...post, title: 'No alt', datePosted: '2025-01-01T00:00:00Z', image: 'https://example.com/a.jpg' })
      .expect(400);
    expect((refused.body as { message: string }).message).toContain('imageAlt is required');
    const saved = (
      await admin
        .post('/api/admin/blog-posts', {
          ...post,
          title: 'With meta',
          datePosted: '2025-01-01T00:00:00Z',
          image: 'https://example.com/a.jpg',
          imageAlt: 'A chart',
          metaTitle: 'Short search title',
          metaDescription: 'Search description.',
        })
        .expect(201)
    ).body as BlogPost;
    expect(saved).toMatchObject({ imageAlt: 'A chart', metaTitle: 'Short search title', metaDescription: 'Search description.' });
    const tooLong = await admin.post('/api/admin/blog-posts', { ...post, title: 'Long meta', datePosted: '2025-01-01T00:00:00Z', metaTitle: 'x'.repeat(61) }).expect(400);
    expect((tooLong.body as { message: string }).message).toContain('metaTitle must be at most 60 characters.');
  });

  it('stores an uploaded image as responsive variants and lists it in the library', async () => {
    const png = await sharp({ create: { width: 1200, height: 600, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 1 } } }).png().toBuffer();
    const response = await admin.post('/api/admin/media', { data: png.toString('base64'), alt: 'A blue banner', fileName: 'banner.png' }).expect(201);
    const asset = response.body as MediaAsset;
    expect(asset).toMatchObject({ alt: 'A blue banner', width: 1200, height: 600, originalName: 'banner.png' });
    expect(asset.url).toMatch(/^\/media\/[a-f0-9]{24}-1200x600\/1200\.jpg$/);
    const folder = path.join(mediaDir, asset.url.split('/')[2]!);
    expect((await readdir(folder)).sort()).toEqual(
      ['1200.avif', '1200.jpg', '1200.webp', '480.avif', '480.jpg', '480.webp', '960.avif', '960.jpg', '960.webp'].sort(),
    );
    expect((await stat(path.join(folder, '480.webp'))).size).toBeGreaterThan(0);
    const library = (await admin.get('/api/admin/media').expect(200)).body as MediaAsset[];
    expect(library[0]!.id).toBe(asset.id);

    const used = await admin.post('/api/admin/blog-posts', { ...post, title: 'Uses media', datePosted: '2025-01-01T00:00:00Z', image: asset.url, imageAlt: 'Banner' }).expect(201);
    expect((used.body as BlogPost).image).toBe(asset.url);
    await admin.delete(`/api/admin/media/${asset.id}`).expect(409);
  });

  it('the library finds images by name or alt text, says which posts and case studies use each, and deletes only an unused one', async () => {
    const upload = async (alt: string, fileName: string) => {
      const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#3a6' } }).png().toBuffer();
      return (await admin.post('/api/admin/media', { data: png.toString('base64'), alt, fileName }).expect(201)).body as MediaAsset;
    };
    const cover = await upload('Green oat field', 'oat-field.png');
    const inline = await upload('Protein tub on a shelf', 'tub.png');
    const spare = await upload('Spare oat shot', 'spare-oats.png');

    const found = (await admin.get('/api/admin/media?q=OAT').expect(200)).body as MediaAsset[];
    expect(found.map((asset) => asset.id).sort()).toEqual([cover.id, spare.id].sort());
    expect(((await admin.get('/api/admin/media?q=tub.png').expect(200)).body as MediaAsset[]).map((asset) => asset.id)).toEqual([inline.id]);
    expect((await admin.get('/api/admin/media?q=nothing-like-this').expect(200)).body).toEqual([]);
    expect((await admin.get(`/api/admin/media?q=${'x'.repeat(201)}`).expect(400)).body).toEqual(expect.objectContaining({ statusCode: 400, message: expect.stringMatching(/q/) }));

    const post1 = (await admin.post('/api/admin/blog-posts', { ...post, title: 'Oats cover', datePosted: '2025-01-01T00:00:00Z', image: cover.url, imageAlt: 'Oats' }).expect(201)).body as BlogPost;
    const post2 = (await admin.post('/api/admin/blog-posts', { ...post, title: 'Tub inline', datePosted: '2025-01-01T00:00:00Z', content: `Look: ![A tub](${inline.url})` }).expect(201))
      .body as BlogPost;
    await ctx.dataSource.query(
      `INSERT INTO search_lab_entries (slug, title, summary, chatgpt_link, result) VALUES ('oat-study', 'Oat study', 'Summary', 'https://chatgpt.com/share/x', $1)`,
      [`Before and after ![Oats](${cover.url})`],
    );
    const [study] = await ctx.dataSource.query<{ id: number }[]>(`SELECT id FROM search_lab_entries WHERE slug = 'oat-study'`);

    const library = (await admin.get('/api/admin/media').expect(200)).body as MediaAsset[];
    const usedBy = (id: number) => library.find((asset) => asset.id === id)!.usedBy;
    expect(usedBy(cover.id)).toEqual([
      { kind: 'post', id: post1.id, title: 'Oats cover' },
      { kind: 'case-study', id: study!.id, title: 'Oat study' },
    ]);
    expect(usedBy(inline.id)).toEqual([{ kind: 'post', id: post2.id, title: 'Tub inline' }]);
    expect(usedBy(spare.id)).toEqual([]);

    const refused = await admin.delete(`/api/admin/media/${cover.id}`).expect(409);
    expect((refused.body as { message: string }).message).toBe('This image is used by the post “Oats cover” and the case study “Oat study”; remove it from them first.');
    await admin.delete(`/api/admin/media/${spare.id}`).expect(204);
    await admin.delete(`/api/admin/media/${spare.id}`).expect(404);
    expect(((await admin.get('/api/admin/media').expect(200)).body as MediaAsset[]).some((asset) => asset.id === spare.id)).toBe(false);
    await expect(stat(path.join(mediaDir, spare.url.split('/')[2]!))).rejects.toThrow();
  });

  it('refuses media that is not an image, claims a format it is not, or is over the limit, storing nothing', async () => {
    const before = (await readdir(mediaDir)).length;
    const text = await admin.post('/api/admin/media', { data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>').toString('base64'), alt: 'x' }).expect(415);
    expect((text.body as { message: string }).message).toBe('The file is not a JPEG, PNG, WebP or GIF image.');
    const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]);
    const damaged = await admin.post('/api/admin/media', { data: fakePng.toString('base64'), alt: 'x' }).expect(400);
    expect((damaged.body as { message: string }).message).toContain('could not be read');
    const noisy = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } }).png().toBuffer();
    expect(noisy.length).toBeGreaterThan(200 * 1024);
    const large = await admin.post('/api/admin/media', { data: noisy.toString('base64'), alt: 'x' }).expect(413);
    expect((large.body as { message: string }).message).toContain('limit');
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    const noAlt = await admin.post('/api/admin/media', { data: png.toString('base64'), alt: '  ' }).expect(400);
    expect((noAlt.body as { message: string }).message).toContain('alt is required.');
    await ctx.http().post('/api/admin/media').set('Origin', SITE_ORIGIN).send({ data: png.toString('base64'), alt: 'x' }).expect(401);
    expect((await readdir(mediaDir)).length).toBe(before);
  });

  it('writes drag-and-drop order in each resource’s own direction', async () => {
    const videos = (await admin.get('/api/admin/youtube-videos').expect(200)).body as YoutubeVideo[];
    const reversedVideos = videos.map((video) => video.id).reverse();
    const afterVideos = (await admin.put('/api/admin/youtube-videos/order', { ids: reversedVideos }).expect(200)).body as YoutubeVideo[];
    expect(afterVideos.map((video) => video.id)).toEqual(reversedVideos);
    expect(afterVideos.map((video) => video.displayOrder)).toEqual(reversedVideos.map((_id, index) => index));

    const entries = (await admin.get('/api/admin/search-lab-entries').expect(200)).body as SearchLabEntry[];
    const reversedEntries = entries.map((entry) => entry.id).reverse();
    const afterEntries = (await admin.put('/api/admin/search-lab-entries/order', { ids: reversedEntries }).expect(200)).body as SearchLabEntry[];
    expect(afterEntries.map((entry) => entry.id)).toEqual(reversedEntries);
    expect(afterEntries.map((entry) => entry.displayOrder)).toEqual(reversedEntries.map((_id, index) => reversedEntries.length - index));

    const partial = await admin.put('/api/admin/youtube-videos/order', { ids: reversedVideos.slice(1) }).expect(400);
    expect((partial.body as { message: string }).message).toContain('reload the page');
  });

  it('keeps the case study’s optional sections and shows them to the public once published', async () => {
    const created = (
      await admin
        .post('/api/admin/search-lab-entries', {
          title: 'Sections Case',
          summary: 'Summary.',
          chatgptLink: 'https://chatgpt.com/share/abc',
          published: true,
          challenge: 'Invisible in AI answers.',
          whatChanged: 'Rewrote the product pages.',
          result: 'Cited in 7 of 10 answers (up from 0).',
          caseDate: '2025-06-30',
          metaTitle: 'Sections case study',
        })
        .expect(201)
    ).body as SearchLabEntry;
    const shown = (await ctx.http().get(`/api/search-lab-entries/${created.slug}`).expect(200)).body as SearchLabEntry;
    expect(shown).toMatchObject({ challenge: 'Invisible in AI answers.', result: 'Cited in 7 of 10 answers (up from 0).', caseDate: '2025-06-30' });
    const badDate = await admin.post('/api/admin/search-lab-entries', { title: 'Bad', summary: 'S', chatgptLink: 'https://chatgpt.com/share/x', caseDate: 'June' }).expect(400);
    expect((badDate.body as { message: string }).message).toContain('caseDate must be a date');
  });
});
