import { render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { DEFAULT_SITE_CONFIG, type SiteConfig } from '../config/site-config';

/** Renders a component that uses router links (and the site config), inside a minimal in-memory router. */
export async function renderInRouter(ui: () => ReactNode, path = '/', siteConfig: SiteConfig = DEFAULT_SITE_CONFIG) {
  const rootRoute = createRootRoute({ component: () => <div data-testid="router-ready">{ui()}</div> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }), context: { siteConfig } });
  const result = render(<RouterProvider router={router} />);
  await screen.findByTestId('router-ready');
  return result;
}
