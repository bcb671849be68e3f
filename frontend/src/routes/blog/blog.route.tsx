import { createRoute } from '@tanstack/react-router';
import { blogPostsQuery } from '../../api/blog-post-queries';
import { categoriesQuery } from '../../api/category-queries';
import { loadForPage } from '../../api/route-loading';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const blogRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/blog',
  loader: ({ context }) =>
    Promise.all([loadForPage(context.queryClient, blogPostsQuery()), loadForPage(context.queryClient, categoriesQuery())]),
  head: ({ match }) => staticPageHead('/blog', match.context.siteConfig, { breadcrumb: 'Blog' }),
  ...lazyPage('./blog/-components/blog-list-page.tsx'),
});
