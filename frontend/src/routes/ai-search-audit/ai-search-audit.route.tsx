import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

export const aiSearchAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai-search-audit',
  head: ({ match }) => toolRouteHead('aiSearchAudit', match.context.siteConfig),
  ...lazyPage('./ai-search-audit/-components/ai-search-audit-page.tsx'),
});
