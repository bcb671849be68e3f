import { describe, expect, it } from 'vitest';
import type { BlogPostSummary } from '../../../api/blog-post-queries';
import { ALL_CATEGORIES, arrangePosts } from './arrange-posts';

function post(id: number, category: string): BlogPostSummary {
  return {
    id,
    slug: `post-${id}`,
    title: `Post ${id}`,
    excerpt: '',
    category,
    image: null,
    imageAlt: null,
    metaTitle: null,
    metaDescription: null,
    readTime: 5,
    published: true,
    datePosted: new Date(Date.UTC(2025, 0, 30 - id)).toISOString(),
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
  };
}

const newestFirst = [post(1, 'AI Search'), post(2, 'Amazon'), post(3, 'AI Search'), post(4, 'Amazon')];

describe('arrangePosts', () => {
  it('features the newest post under All and leaves it out of the grid', () => {
    const { featured, grid } = arrangePosts(newestFirst, ALL_CATEGORIES);
    expect(featured?.id).toBe(1);
    expect(grid.map((p) => p.id)).toEqual([2, 3, 4]);
  });

  it('shows no featured post under a category, and that category only', () => {
    const { featured, grid } = arrangePosts(newestFirst, 'AI Search');
    expect(featured).toBeNull();
    expect(grid.map((p) => p.id)).toEqual([1, 3]);
  });

  it('gives an empty grid for a category without posts', () => {
    expect(arrangePosts(newestFirst, 'Recipes')).toEqual({ featured: null, grid: [] });
  });

  it('copes with no posts at all', () => {
    expect(arrangePosts([], ALL_CATEGORIES)).toEqual({ featured: null, grid: [] });
  });
});
