import type { BlogPost, SearchLabEntry } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/**
 * A draft or scheduled item for the preview on its public page: read through the admin API with
 * the browser's session cookie (null when not signed in), never from the server render or a cache.
 */
export const blogPostPreviewQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['preview', 'blog-posts', idOrSlug],
    queryFn: ({ signal }) => apiGet<BlogPost>(`/api/admin/blog-posts/${encodeURIComponent(idOrSlug)}`, { signal, on401: 'returnNull' }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export const caseStudyPreviewQuery = (idOrSlug: string) =>
  queryOptions({
    queryKey: ['preview', 'search-lab-entries', idOrSlug],
    queryFn: ({ signal }) => apiGet<SearchLabEntry>(`/api/admin/search-lab-entries/${encodeURIComponent(idOrSlug)}`, { signal, on401: 'returnNull' }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** `?preview=1` on a post or case-study page asks for the preview. */
export interface PreviewSearch {
  preview?: true;
}

export function readPreviewSearch(search: Record<string, unknown>): PreviewSearch {
  return search.preview === undefined || search.preview === false || search.preview === '0' ? {} : { preview: true };
}
