import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const aboutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/about',
  head: ({ match }) => staticPageHead('/about', match.context.siteConfig, { breadcrumb: 'About' }),
  ...lazyPage('./about/-components/about-page.tsx'),
});
