import { SITE_SEARCH_LIMITS, SITE_SEARCH_MESSAGES, type SiteSearchAnswer } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The query as the service reads it: spaces collapsed and trimmed. */
export const normaliseSearchQuery = (q: string | undefined): string => (q ?? '').replace(/\s+/g, ' ').trim();

/** Why a query cannot be searched, in the service's own words, or undefined when it can. */
export function searchQueryProblem(query: string): string | undefined {
  if (query === '') return SITE_SEARCH_MESSAGES.emptyQuery;
  if (query.length > SITE_SEARCH_LIMITS.maxQueryLength) return SITE_SEARCH_MESSAGES.queryTooLong;
  return undefined;
}

export const siteSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ['site-search', query],
    queryFn: ({ signal }) => apiGet<SiteSearchAnswer>(`/api/search?q=${encodeURIComponent(query)}`, { signal }),
  });
