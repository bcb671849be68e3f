import type { EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { notFound } from '@tanstack/react-router';
import { isNotFound } from '../api/api-client';

/** A detail route's loader: a missing item becomes the route's not-found screen (HTTP 404 on the server). */
export async function ensureOrNotFound<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: EnsureQueryDataOptions<TData, Error, TData, TKey>,
): Promise<void> {
  try {
    await queryClient.ensureQueryData<TData, Error, TData, TKey>(options);
  } catch (error) {
    if (isNotFound(error)) throw notFound();
    throw error;
  }
}
