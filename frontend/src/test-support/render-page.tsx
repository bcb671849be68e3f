import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRouteWithContext, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ComponentType } from 'react';
import { DEFAULT_SITE_CONFIG } from '../config/site-config';
import type { RouterContext } from '../router-context';

/** Renders a page component with the router context it expects and a query cache filled in advance. */
export async function renderPage(Page: ComponentType, cache: [readonly unknown[], unknown][] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  for (const [key, data] of cache) queryClient.setQueryData(key, data);
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <div data-testid="page-ready">
        <Page />
      </div>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
    context: { queryClient, siteConfig: DEFAULT_SITE_CONFIG },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByTestId('page-ready');
  return result;
}
