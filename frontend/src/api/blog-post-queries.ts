import type { BlogPost } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** A post as lists show it: without its body, which lists never render (and pages would ship twice). */
export type BlogPostSummary = Omit<BlogPost, 'content'>;

/** Newest first by datePosted; the client sorts again whatever order the list arrived in. */
export function sortNewestFirst<T extends Pick<BlogPost, 'datePosted'>>(posts: readonly T[]): T[] {
  return [...posts].sort((a, b) => Date.parse(b.datePosted) - Date.parse(a.datePosted));
}

export const blogPostsQuery = () =>
  queryOptions({
    queryKey: ['blog-posts'],
    queryFn: async ({ signal }): Promise<BlogPostSummary[]> =>
      sortNewestFirst(await apiGet<BlogPost[]>('/api/blog-posts', { signal })).map(({ content: _content, ...summary }) => summary),
  });

export const blogPostQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['blog-posts', idOrSlug],
    queryFn: ({ signal }) => apiGet<BlogPost>(`/api/blog-posts/${encodeURIComponent(idOrSlug)}`, { signal }),
  });
