import { describe, expect, it } from '@jest/globals';
import type { YoutubeVideo } from '@agency/shared';
import { useContentApp } from './support/test-app.js';

const video = {
  title: 'A video',
  description: 'About things.',
  youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
  published: true,
  displayOrder: 0,
};

describe('YouTube videos', () => {
  const suite = useContentApp('videos');

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PL1&t=30s', 'dQw4w9WgXcQ'],
    ['https://youtu.be/aBcDeFgHi_-?si=share', 'aBcDeFgHi_-'],
    ['https://www.youtube.com/embed/aBcDeFgHi_-', 'aBcDeFgHi_-'],
    ['https://youtube.com/shorts/aBcDeFgHi_-', 'aBcDeFgHi_-'],
    ['https://www.youtube.com/live/aBcDeFgHi_-', 'aBcDeFgHi_-'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://music.youtube.com/watch?v=dQw4w9WgXcQ&feature=share', 'dQw4w9WgXcQ'],
  ])('derives the video id from %s', async (youtubeUrl, youtubeId) => {
    const created = (await suite.admin.post('/api/admin/youtube-videos', { ...video, youtubeUrl }).expect(201)).body as YoutubeVideo;
    expect(created.youtubeId).toBe(youtubeId);
    expect(created.youtubeUrl).toBe(youtubeUrl);
  });

  it.each(['https://vimeo.com/12345', 'https://www.youtube.com/@channel', 'not a url', 'https://youtube.com.evil.test/watch?v=dQw4w9WgXcQ'])(
    'refuses %s with a 400 saying it is not a YouTube video',
    async (youtubeUrl) => {
      const response = await suite.admin.post('/api/admin/youtube-videos', { ...video, youtubeUrl }).expect(400);
      expect((response.body as { message: string }).message).toMatch(/^youtubeUrl must link to a YouTube video/);
    },
  );

  it('re-derives the id when the URL is edited', async () => {
    const created = (await suite.admin.post('/api/admin/youtube-videos', video).expect(201)).body as YoutubeVideo;
    const updated = (await suite.admin.put(`/api/admin/youtube-videos/${created.id}`, { ...video, youtubeUrl: 'https://youtu.be/zzzzzzzzzzz' }).expect(200))
      .body as YoutubeVideo;
    expect(updated.youtubeId).toBe('zzzzzzzzzzz');
  });

  it('lists published videos with the lowest display order first and hides drafts', async () => {
    await suite.admin.post('/api/admin/youtube-videos', { ...video, title: 'Order 5', displayOrder: 5 }).expect(201);
    await suite.admin.post('/api/admin/youtube-videos', { ...video, title: 'Draft', displayOrder: 0, published: false }).expect(201);
    const videos = (await suite.ctx.http().get('/api/youtube-videos').expect(200)).body as YoutubeVideo[];
    expect(videos.some((v) => v.title === 'Draft')).toBe(false);
    const orders = videos.map((v) => v.displayOrder);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect(videos.at(-1)!.title).toBe('Order 5');
    const all = (await suite.admin.get('/api/admin/youtube-videos').expect(200)).body as YoutubeVideo[];
    expect(all.some((v) => v.title === 'Draft')).toBe(true);
  });

  it('defaults display order to 0 and refuses a negative one', async () => {
    const { displayOrder: _omitted, ...withoutOrder } = video;
    expect(((await suite.admin.post('/api/admin/youtube-videos', withoutOrder).expect(201)).body as YoutubeVideo).displayOrder).toBe(0);
    await suite.admin.post('/api/admin/youtube-videos', { ...video, displayOrder: -1 }).expect(400);
  });

  it('deletes a video', async () => {
    const created = (await suite.admin.post('/api/admin/youtube-videos', video).expect(201)).body as YoutubeVideo;
    await suite.admin.delete(`/api/admin/youtube-videos/${created.id}`).expect(204);
    await suite.admin.delete(`/api/admin/youtube-videos/${created.id}`).expect(404);
  });
});
