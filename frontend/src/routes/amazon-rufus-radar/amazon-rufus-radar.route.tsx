import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

export const amazonRufusRadarRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/amazon-rufus-radar',
  head: ({ match }) => toolRouteHead('rufusRadar', match.context.siteConfig),
  ...lazyPage('./amazon-rufus-radar/-components/amazon-rufus-radar-page.tsx'),
});
