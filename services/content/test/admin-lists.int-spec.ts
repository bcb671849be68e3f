import { describe, expect, it } from '@jest/globals';
import type { BlogPost, Category, ContactMessage, MarketingSubscriber, SearchLabEntry, YoutubeVideo } from '@agency/shared';
import { useContentApp, type TestContext } from './support/test-app.js';

/** 30 messages a minute apart, the newest last; every third from one address, a few archived. */
async function seedMessages(ctx: TestContext): Promise<void> {
  await ctx.dataSource.query(
    `INSERT INTO contact_messages (name, email, company, message, created_at, status)
     SELECT 'Person ' || n, CASE WHEN n % 3 = 0 THEN 'repeat@example.com' ELSE 'person' || n || '@example.com' END,
            CASE WHEN n = 7 THEN 'Zest Foods Ltd' END, 'Message number ' || n || ' about audits',
            timestamptz '2026-01-10T12:00:00Z' + n * interval '1 minute', CASE WHEN n <= 4 THEN 'archived' ELSE 'new' END
       FROM generate_series(1, 30) n`,
  );
  await ctx.dataSource.query(
    `INSERT INTO marketing_subscribers (email, source, consent_at)
     SELECT 'sub' || lpad(n::text, 2, '0') || '@example.com', 'newsletter', timestamptz '2026-01-01' + n * interval '1 hour' FROM generate_series(1, 12) n`,
  );
}

const total = (response: { headers: Record<string, string> }) => Number(response.headers['x-total-count']);

describe('admin lists: paging, search, filters, sorts and X-Total-Count', () => {
  const suite = useContentApp('adminlists', seedMessages);

  const LISTS = [
    '/api/admin/blog-posts',
    '/api/admin/categories',
    '/api/admin/search-lab-entries',
    '/api/admin/youtube-videos',
    '/api/admin/subscribers',
    '/api/admin/activity',
    '/api/contact-messages',
  ];

  it.each(LISTS)('%s answers 401 without a session, with any parameters', async (path) => {
    const response = await suite.ctx.http().get(`${path}?limit=1&q=x`).expect(401);
    expect(response.headers['x-total-count']).toBeUndefined();
  });

  it.each(LISTS)('%s sends X-Total-Count and refuses a bad limit, offset or unknown parameter with a sentence', async (path) => {
    const response = await suite.admin.get(path).expect(200);
    expect(Number.isInteger(total(response))).toBe(true);
    expect(total(response)).toBeGreaterThanOrEqual((response.body as unknown[]).length);
    for (const bad of ['limit=0', 'limit=501', 'limit=ten', 'offset=-1', 'limit=1&limit=2', 'colour=red']) {
      const refused = await suite.admin.get(`${path}?${bad}`).expect(400);
      expect((refused.body as { message: string }).message).toMatch(/limit|offset|colour/);
    }
  });

  it('pages through contact messages newest first, the total the same on every page', async () => {
    const first = await suite.admin.get('/api/contact-messages?limit=10').expect(200);
    const ids = (first.body as ContactMessage[]).map((message) => message.message);
    expect(ids[0]).toBe('Message number 30 about audits');
    expect(ids).toHaveLength(10);
    expect(total(first)).toBe(30);
    const last = await suite.admin.get('/api/contact-messages?limit=10&offset=25').expect(200);
    expect((last.body as ContactMessage[]).map((message) => message.message)).toEqual(
      [5, 4, 3, 2, 1].map((n) => `Message number ${n} about audits`),
    );
    expect(total(last)).toBe(30);
    const beyond = await suite.admin.get('/api/contact-messages?offset=1000').expect(200);
    expect(beyond.body).toEqual([]);
    expect(total(beyond)).toBe(30);
    const oldest = await suite.admin.get('/api/contact-messages?limit=1&sort=oldest').expect(200);
    expect((oldest.body as ContactMessage[])[0]!.message).toBe('Message number 1 about audits');
  });

  it('finds contact messages by address, name, company or text, case-insensitively, with % and _ taken literally', async () => {
    const byEmail = await suite.admin.get('/api/contact-messages?q=REPEAT@example.com').expect(200);
    expect(total(byEmail)).toBe(10);
    expect((byEmail.body as ContactMessage[]).every((message) => message.email === 'repeat@example.com')).toBe(true);
    expect(total(await suite.admin.get('/api/contact-messages?q=zest%20foods').expect(200))).toBe(1);
    expect(total(await suite.admin.get('/api/contact-messages?q=Person%2012').expect(200))).toBe(1);
    expect(total(await suite.admin.get('/api/contact-messages?q=%25').expect(200))).toBe(0);
    expect(total(await suite.admin.get('/api/contact-messages?q=number_1').expect(200))).toBe(0);
  });

  it('filters contact messages by status and date range, and a stored message carries status, note and updatedAt', async () => {
    const archived = await suite.admin.get('/api/contact-messages?status=archived').expect(200);
    expect(total(archived)).toBe(4);
    const message = (archived.body as ContactMessage[])[0]!;
    expect(message).toEqual(expect.objectContaining({ status: 'archived', note: null, updatedAt: expect.any(String) }));
    expect(total(await suite.admin.get('/api/contact-messages?status=new&q=repeat').expect(200))).toBe(9);
    expect(total(await suite.admin.get('/api/contact-messages?from=2026-01-10&to=2026-01-10').expect(200))).toBe(30);
    expect(total(await suite.admin.get('/api/contact-messages?from=2026-01-11').expect(200))).toBe(0);
    for (const bad of ['status=spam', 'from=2026-02-30', 'from=2026-01-12&to=2026-01-11', 'to=yesterday', 'sort=name']) {
      await suite.admin.get(`/api/contact-messages?${bad}`).expect(400);
    }
  });

  it('pages, searches and sorts subscribers', async () => {
    const page = await suite.admin.get('/api/admin/subscribers?limit=5&sort=email').expect(200);
    expect(total(page)).toBe(12);
    expect((page.body as MarketingSubscriber[]).map((subscriber) => subscriber.email)).toEqual([1, 2, 3, 4, 5].map((n) => `sub0${n}@example.com`));
    expect(total(await suite.admin.get('/api/admin/subscribers?q=sub1').expect(200))).toBe(3);
  });

  it('filters blog posts by status and category, searches titles and sorts; categories and the ordered lists page too', async () => {
    for (const name of ['Alpha', 'Beta']) await suite.admin.post('/api/admin/categories', { name }).expect(201);
    const post = (title: string, category: string, published: boolean, day: number) => ({
      title,
      excerpt: `About ${title}`,
      content: 'Body',
      category,
      readTime: 3,
      published,
      datePosted: `2026-01-${String(day).padStart(2, '0')}T09:00:00Z`,
    });
    await suite.admin.post('/api/admin/blog-posts', post('Zinc guide', 'Alpha', true, 3)).expect(201);
    await suite.admin.post('/api/admin/blog-posts', post('Amazon basics', 'Beta', false, 5)).expect(201);
    await suite.admin.post('/api/admin/blog-posts', post('Rufus notes', 'Alpha', false, 4)).expect(201);
    const titles = async (query: string) => {
      const response = await suite.admin.get(`/api/admin/blog-posts?${query}`).expect(200);
      return { titles: (response.body as BlogPost[]).map((item) => item.title), total: total(response) };
    };
    expect(await titles('')).toEqual({ titles: ['Amazon basics', 'Rufus notes', 'Zinc guide'], total: 3 });
    expect(await titles('status=draft')).toEqual({ titles: ['Amazon basics', 'Rufus notes'], total: 2 });
    expect(await titles('category=Alpha&sort=title')).toEqual({ titles: ['Rufus notes', 'Zinc guide'], total: 2 });
    expect(await titles('q=zinc')).toEqual({ titles: ['Zinc guide'], total: 1 });
    expect(await titles('limit=1&offset=1&sort=oldest')).toEqual({ titles: ['Rufus notes'], total: 3 });

    const categories = await suite.admin.get('/api/admin/categories?q=alp').expect(200);
    expect((categories.body as Category[]).map((category) => category.name)).toEqual(['Alpha']);
    expect(total(categories)).toBe(1);

    for (const order of [3, 1, 2]) {
      await suite.admin.post('/api/admin/search-lab-entries', { title: `Entry ${order}`, summary: 's', chatgptLink: 'https://chatgpt.com/share/x', displayOrder: order }).expect(201);
      await suite.admin.post('/api/admin/youtube-videos', { title: `Video ${order}`, description: 'd', youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ', displayOrder: order }).expect(201);
    }
    const entries = await suite.admin.get('/api/admin/search-lab-entries?limit=2').expect(200);
    expect((entries.body as SearchLabEntry[]).map((entry) => entry.displayOrder)).toEqual([3, 2]);
    expect(total(entries)).toBe(3);
    const videos = await suite.admin.get('/api/admin/youtube-videos?sort=title&q=video').expect(200);
    expect((videos.body as YoutubeVideo[]).map((video) => video.title)).toEqual(['Video 1', 'Video 2', 'Video 3']);
  });
});
