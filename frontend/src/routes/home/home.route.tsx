import { createRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/blog-post-queries';
import { loadForPage } from '../../api/route-loading';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  loader: ({ context }) => loadForPage(context.queryClient, blogPostsQuery()),
  head: ({ match }) => staticPageHead('/', match.context.siteConfig),
  ...lazyPage('./home/-components/home-page.tsx'),
});
