import { createRoute } from '@tanstack/react-router';
import { buildPageHead } from '../../seo/page-head';
import { adminPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { ADMIN_SECTIONS } from './admin-sections';

/**
 * /admin and its tabs. The page (login or dashboard) is the parent; each tab is a child route
 * with its own address, which the dashboard reads to show that tab's panel.
 */
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
  ...adminPage('./admin/-components/shell/admin-page.tsx'),
});

/** /admin itself shows the first tab, Blog Posts (no redirect: the address staff type stays). */
export const adminIndexRoute = createRoute({ getParentRoute: () => adminRoute, path: '/' });

export const adminSectionRoutes = ADMIN_SECTIONS.map(({ slug }) => createRoute({ getParentRoute: () => adminRoute, path: slug }));

/** One person's records, by address: `/admin/people?email=…`. */
export const adminPersonRoute = createRoute({
  getParentRoute: () => adminRoute,
  path: 'people',
  validateSearch: (search: Record<string, unknown>): { email?: string } => (typeof search.email === 'string' ? { email: search.email } : {}),
});
