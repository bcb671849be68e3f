import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const privacyTosRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/privacy-tos',
  head: ({ match }) => staticPageHead('/privacy-tos', match.context.siteConfig, { breadcrumb: 'Privacy Policy and Terms' }),
  ...lazyPage('./privacy-tos/-components/privacy-tos-page.tsx'),
});
