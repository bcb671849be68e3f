import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

export const semanticExpansionRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/query-fan-out',
  head: ({ match }) => toolRouteHead('semanticExpansion', match.context.siteConfig),
  ...lazyPage('./semantic-expansion/-components/semantic-expansion-page.tsx'),
});
