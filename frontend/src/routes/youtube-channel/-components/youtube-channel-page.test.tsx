import type { YoutubeVideo } from '@agency/shared';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { youtubeVideosQuery } from '../../../api/youtube-video-queries';
import { renderPage } from '../../../test-support/render-page';
import { thumbnailUrls } from './video-thumbnail';
import YoutubeChannelPage from './youtube-channel-page';

const video = (id: number, title: string): YoutubeVideo => ({
  id,
  title,
  description: `About ${title}`,
  youtubeUrl: `https://youtu.be/abcdefghij${id}`,
  youtubeId: `abcdefghij${id}`,
  published: true,
  displayOrder: id,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
});

describe('thumbnailUrls', () => {
  it('tries the maximum resolution first, then standard quality', () => {
    expect(thumbnailUrls('abc')).toEqual(['https://i.ytimg.com/vi/abc/maxresdefault.jpg', 'https://i.ytimg.com/vi/abc/hqdefault.jpg']);
  });
});

describe('YoutubeChannelPage', () => {
  afterEach(cleanup);

  it('says Coming Soon when there are no videos', async () => {
    await renderPage(YoutubeChannelPage, [[youtubeVideosQuery().queryKey, []]]);
    expect(screen.getByRole('heading', { name: 'Coming Soon' })).toBeTruthy();
    expect(screen.getByText("We're preparing exciting content for our YouTube channel. Check back soon for the latest videos!")).toBeTruthy();
    // No channel address configured: no Subscribe link to a placeholder.
    expect(screen.queryByRole('link', { name: /Subscribe on YouTube/ })).toBeNull();
  });

  it('shows a placeholder while the videos load', async () => {
    await renderPage(YoutubeChannelPage);
    expect(screen.getByLabelText('Loading videos')).toBeTruthy();
  });

  it('plays the chosen video above the grid, marks it Now Playing and renames the grid', async () => {
    const { container } = await renderPage(YoutubeChannelPage, [[youtubeVideosQuery().queryKey, [video(1, 'First'), video(2, 'Second')]]]);
    expect(screen.getByRole('heading', { name: 'Latest Videos' })).toBeTruthy();
    const thumbnail = () => container.querySelector<HTMLImageElement>('.video-card img')!;
    expect(thumbnail().getAttribute('src')).toBe('https://i.ytimg.com/vi/abcdefghij1/maxresdefault.jpg');
    fireEvent.error(thumbnail());
    expect(thumbnail().getAttribute('src')).toBe('https://i.ytimg.com/vi/abcdefghij1/hqdefault.jpg');
    fireEvent.error(thumbnail());
    expect(container.querySelector('.video-card .video-thumb-fallback')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Play Second' }));
    expect(screen.getByRole('heading', { name: 'More Videos' })).toBeTruthy();
    expect(screen.getByTitle('Second').getAttribute('src')).toContain('/embed/abcdefghij2');
    expect(screen.getByText('Now Playing')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Play Second' }).getAttribute('aria-pressed')).toBe('true');
  });
});
