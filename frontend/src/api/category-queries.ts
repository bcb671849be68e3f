import type { Category } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

export const categoriesQuery = () =>
  queryOptions({
    queryKey: ['categories'],
    queryFn: ({ signal }) => apiGet<Category[]>('/api/categories', { signal }),
  });
