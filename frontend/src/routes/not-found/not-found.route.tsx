import { createRoute, notFound } from '@tanstack/react-router';
import { NotFoundScreen } from '../../components/not-found-screen';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { rootRoute } from '../root-route';

/** Any path no other route claims: the not-found screen, answered with HTTP 404 and noindex. */
export const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  loader: () => {
    throw notFound();
  },
  head: ({ match }) =>
    buildPageHead(
      {
        title: `404 Page Not Found | ${match.context.siteConfig.brandName}`,
        description: "The page you're looking for doesn't exist or has been moved.",
        path: match.pathname,
        robots: NOINDEX_ROBOTS,
        canonical: false,
      },
      match.context.siteConfig,
    ),
  component: NotFoundScreen,
  notFoundComponent: NotFoundScreen,
});
