import { createRoute } from '@tanstack/react-router';
import { loadForPage } from '../../api/route-loading';
import { caseStudiesQuery } from '../../api/case-study-queries';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const searchLabRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/search-lab',
  loader: ({ context }) => loadForPage(context.queryClient, caseStudiesQuery()),
  head: ({ match }) => staticPageHead('/search-lab', match.context.siteConfig, { breadcrumb: 'Search Lab' }),
  ...lazyPage('./search-lab/-components/search-lab-list-page.tsx'),
});
