import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

export const aiImageReaderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai-image-reader',
  head: ({ match }) => toolRouteHead('aiImageReader', match.context.siteConfig),
  ...lazyPage('./ai-image-reader/-components/ai-image-reader-page.tsx'),
});
