import { QueryClient } from '@tanstack/react-query';

/** The site's query caching: fresh 5 min, kept 30 min, no retries, refetch on window focus. */
export const QUERY_DEFAULTS = {
  staleTime: 5 * 60_000,
  gcTime: 30 * 60_000,
  retry: false,
  refetchOnWindowFocus: true,
} as const;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { ...QUERY_DEFAULTS },
      mutations: { retry: false },
    },
  });
}
