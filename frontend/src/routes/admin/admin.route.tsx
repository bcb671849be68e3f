import { createRoute } from '@tanstack/react-router';
import { buildPageHead } from '../../seo/page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  head: ({ match }) => {
    const site = match.context.siteConfig;
    return buildPageHead(
      { title: `${site.brandName} Admin`, description: `Content management for ${site.brandName} staff.`, path: '/admin', robots: 'noindex, nofollow' },
      site,
    );
  },
  ...lazyPage('./admin/-components/admin-page.tsx'),
});
