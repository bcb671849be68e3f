import type { SearchLabEntry } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The service lists entries in display order (highest position first). */
export const caseStudiesQuery = () =>
  queryOptions({
    queryKey: ['search-lab-entries'],
    queryFn: ({ signal }) => apiGet<SearchLabEntry[]>('/api/search-lab-entries', { signal }),
  });

export const caseStudyQuery = (slug: string) =>
  queryOptions({
    queryKey: ['search-lab-entries', slug],
    queryFn: ({ signal }) => apiGet<SearchLabEntry>(`/api/search-lab-entries/${encodeURIComponent(slug)}`, { signal }),
  });
