import { createRoute } from '@tanstack/react-router';
import { loadForPage } from '../../api/route-loading';
import { normaliseSearchQuery, searchQueryProblem, siteSearchQuery } from '../../api/site-search-queries';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export interface SiteSearchParams {
  q?: string;
}

/** /search?q=…: the site search's results, rendered on the server; never indexed (docs/search.md). */
export const searchRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search',
  validateSearch: (search: Record<string, unknown>): SiteSearchParams => (typeof search.q === 'string' ? { q: search.q } : {}),
  loaderDeps: ({ search }) => ({ query: normaliseSearchQuery(search.q) }),
  loader: async ({ context, deps }) => {
    if (!searchQueryProblem(deps.query)) await loadForPage(context.queryClient, siteSearchQuery(deps.query));
  },
  head: ({ match }) => {
    const query = normaliseSearchQuery(match.search.q);
    return buildPageHead(
      {
        title: `${query ? `Search: ${query}` : 'Search'} | ${match.context.siteConfig.brandName}`,
        description: 'Search the blog, case studies, videos and FAQ.',
        path: '/search',
        robots: NOINDEX_ROBOTS,
        canonical: false,
      },
      match.context.siteConfig,
    );
  },
  ...lazyPage('./search/-components/search-page.tsx'),
});
