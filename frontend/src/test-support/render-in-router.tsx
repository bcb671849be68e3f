import { render, screen } from '@testing-library/react';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { ReactNode } from 'react';

/** Renders a component that uses router links, inside a minimal in-memory router. */
export async function renderInRouter(ui: () => ReactNode, path = '/') {
  const rootRoute = createRootRoute({ component: () => <div data-testid="router-ready">{ui()}</div> });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(<RouterProvider router={router} />);
  await screen.findByTestId('router-ready');
  return result;
}
