import { defaultShouldDehydrateQuery, type QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query';
import type { SiteConfig } from './config/site-config';
import type { DehydratedAppState } from './router-context';
import { routeTree } from './routes/route-tree';

/**
 * One router per server request and one in the browser. The server's loaders fill the query
 * cache; TanStack's query integration ships it inside the page and restores it before the
 * browser's first render, so hydration reuses the server's data. The site config goes along.
 */
export function createAppRouter({ queryClient, siteConfig }: { queryClient: QueryClient; siteConfig: SiteConfig }) {
  const router = createRouter({
    routeTree,
    // Query values stay the strings they were typed as: the router's default reads JSON, which
    // would turn a search for "shoes" (quotes and all, a phrase) into shoes, and 2024 into a number.
    parseSearch: (searchString) => Object.fromEntries(new URLSearchParams(searchString)),
    stringifySearch: (search) => {
      const params = new URLSearchParams();
      for (const [name, value] of Object.entries(search as Record<string, unknown>)) {
        if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') params.set(name, String(value));
      }
      const text = params.toString();
      return text ? `?${text}` : '';
    },
    context: { queryClient, siteConfig },
    // React Query decides freshness; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultPreload: 'intent',
    scrollRestoration: true,
    dehydrate: (): DehydratedAppState => ({ siteConfig: router.options.context.siteConfig }),
    hydrate: (state: DehydratedAppState) => {
      router.update({ context: { ...router.options.context, siteConfig: state.siteConfig } });
    },
  });
  // It also wraps the app in the QueryClientProvider. Only answered queries go: a failed read is
  // made again in the browser rather than shown from the server's attempt.
  setupRouterSsrQueryIntegration({ router, queryClient, dehydrateOptions: { shouldDehydrateQuery: defaultShouldDehydrateQuery } });
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
    /** 'admin': the page is drawn without the public header, footer and cookie banner. */
    layout?: 'admin';
  }
}
