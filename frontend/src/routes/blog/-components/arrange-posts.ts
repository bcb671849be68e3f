import type { BlogPostSummary } from '../../../api/blog-post-queries';

export const ALL_CATEGORIES = null;

/**
 * The blog filter: under All the newest post is featured and left out of the grid; under a
 * category there is no featured post and the grid holds that category's posts. Posts arrive newest first.
 */
export function arrangePosts(posts: readonly BlogPostSummary[], category: string | null): { featured: BlogPostSummary | null; grid: BlogPostSummary[] } {
  if (category === ALL_CATEGORIES) {
    const [featured = null, ...rest] = posts;
    return { featured, grid: rest };
  }
  return { featured: null, grid: posts.filter((post) => post.category === category) };
}
