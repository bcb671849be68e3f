import { createRoute } from '@tanstack/react-router';
import { visibleFaqGroups } from './-components/visible-faq-groups';
import { staticPageHead } from '../../seo/static-page-head';
import { faqPageRecord } from '../../seo/structured-data';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  head: ({ match }) =>
    staticPageHead('/faq', match.context.siteConfig, { breadcrumb: 'FAQ', extra: { schema: [faqPageRecord(visibleFaqGroups())] } }),
  ...lazyPage('./faq/-components/faq-page.tsx'),
});
