import { createRoute } from '@tanstack/react-router';
import { buildPageHead } from '../../seo/page-head';
import { adminPage } from '../page-modules';
import { rootRoute } from '../root-route';

/** The full post editor: `/admin/posts/new`, or a post's id. */
export const postEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/posts/$postId',
  head: ({ match }) => {
    const site = match.context.siteConfig;
    return buildPageHead({ title: `Post editor | ${site.brandName} Admin`, description: `Content management for ${site.brandName} staff.`, path: '/admin', robots: 'noindex, nofollow' }, site);
  },
  ...adminPage('./admin/-components/posts/post-editor-page.tsx'),
});

/** The full case-study editor: `/admin/case-studies/new`, or an entry's id. */
export const caseStudyEditorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin/case-studies/$entryId',
  head: ({ match }) => {
    const site = match.context.siteConfig;
    return buildPageHead({ title: `Case study editor | ${site.brandName} Admin`, description: `Content management for ${site.brandName} staff.`, path: '/admin', robots: 'noindex, nofollow' }, site);
  },
  ...adminPage('./admin/-components/case-studies/case-study-editor-page.tsx'),
});
