import { useEffect, useState } from 'react';
import type { ListParams } from '../../../../api/admin-queries';

/** How long typing pauses before the list searches: one request per pause, not per key. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface ListControlsInit {
  pageSize?: number;
  sort?: string;
  filters?: Record<string, string>;
}

/** The value, once it has stopped changing for `delayMs`. */
export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/**
 * A tab's paging, search-as-you-type, filters and sort, as the list parameters the services take.
 * A new search, filter or sort starts again at the first page.
 */
export function useListControls({ pageSize = 25, sort: initialSort = '', filters: initialFilters = {} }: ListControlsInit = {}) {
  const [searchText, setSearchText] = useState('');
  const [filters, setFilters] = useState<Record<string, string>>(initialFilters);
  const [sort, setSortValue] = useState(initialSort);
  const [page, setPage] = useState(0);
  const q = useDebouncedValue(searchText.trim(), SEARCH_DEBOUNCE_MS);
  useEffect(() => setPage(0), [q]);

  const params: ListParams = { limit: pageSize, offset: page * pageSize, q: q || undefined, sort: sort || undefined, ...filters };
  return {
    searchText,
    setSearchText,
    filters,
    setFilter: (name: string, value: string) => {
      setFilters((current) => ({ ...current, [name]: value }));
      setPage(0);
    },
    sort,
    setSort: (value: string) => {
      setSortValue(value);
      setPage(0);
    },
    page,
    setPage,
    pageSize,
    params,
    /** The same search, filters and sort without paging: what an export takes. */
    exportParams: { ...params, limit: undefined, offset: undefined } as ListParams,
  };
}

export type ListControls = ReturnType<typeof useListControls>;
