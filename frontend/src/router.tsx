import { dehydrate, hydrate, QueryClientProvider, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import type { SiteConfig } from './config/site-config';
import type { DehydratedAppState } from './router-context';
import { routeTree } from './routes/route-tree';

/**
 * One router per server request and one in the browser. The server's loaders fill the query
 * cache; dehydrate() ships it with the site config inside the page, and hydrate() restores both
 * before the browser's first render, so hydration reuses the server's data.
 */
export function createAppRouter({ queryClient, siteConfig, cspNonce }: { queryClient: QueryClient; siteConfig: SiteConfig; cspNonce?: string }) {
  const router = createRouter({
    routeTree,
    // On the server: every inline script the router writes carries the page's CSP nonce. In the
    // browser the router reads it back from the page's csp-nonce meta tag.
    ...(cspNonce ? { ssr: { nonce: cspNonce } } : {}),
    context: { queryClient, siteConfig },
    // React Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    dehydrate: (): DehydratedAppState => ({ queryState: JSON.stringify(dehydrate(queryClient)), siteConfig: router.options.context.siteConfig }),
    hydrate: (state: DehydratedAppState) => {
      hydrate(queryClient, JSON.parse(state.queryState) as DehydratedState);
      router.update({ context: { ...router.options.context, siteConfig: state.siteConfig } });
    },
    Wrap: ({ children }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>,
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
  interface StaticDataRouteOption {
    /** Source path of the route's lazily loaded page component (for modulepreload links). */
    pageModule?: string;
  }
}
