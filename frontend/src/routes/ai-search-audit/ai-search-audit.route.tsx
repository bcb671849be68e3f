import { TOOL_TEXT_LIMITS } from '@agency/shared';
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

interface AuditSearch {
  q?: string;
  website?: string;
}

export const aiSearchAuditRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai-search-audit',
  // Semantic Expansion's "Check in AI Search Audit" fills in the question and the site.
  validateSearch: (search: Record<string, unknown>): AuditSearch => ({
    ...(typeof search.q === 'string' || typeof search.q === 'number' ? { q: String(search.q).slice(0, TOOL_TEXT_LIMITS.query) } : {}),
    ...(typeof search.website === 'string' ? { website: search.website.slice(0, TOOL_TEXT_LIMITS.website) } : {}),
  }),
  head: ({ match }) => toolRouteHead('aiSearchAudit', match.context.siteConfig),
  ...lazyPage('./ai-search-audit/-components/ai-search-audit-page.tsx'),
});
