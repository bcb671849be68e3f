import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const contactRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/contact',
  head: ({ match }) => staticPageHead('/contact', match.context.siteConfig, { breadcrumb: 'Contact' }),
  ...lazyPage('./contact/-components/contact-page.tsx'),
});
