import { isServer, type QueryClient, type FetchQueryOptions, type QueryKey } from '@tanstack/react-query';

/**
 * For pages whose data sections have their own skeletons. On the server the render waits, so the
 * HTML carries the data; a failed read is dropped from the cache so that server and browser both
 * render the section's loading state and the browser retries. In the browser the fetch starts and
 * the page shows at once.
 */
export async function loadForPage<TData, TKey extends QueryKey>(
  queryClient: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): Promise<void> {
  if (!isServer) {
    void queryClient.prefetchQuery(options);
    return;
  }
  try {
    await queryClient.ensureQueryData(options);
  } catch {
    queryClient.removeQueries({ queryKey: options.queryKey, exact: true });
  }
}
