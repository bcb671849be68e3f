import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { faqPageRecord } from '../../seo/structured-data';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const faqRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/faq',
  // The FAQ text is only needed with this page, so it stays out of the bundle every page loads.
  head: async ({ match }) => {
    const { visibleFaqGroups } = await import('./-components/visible-faq-groups');
    return staticPageHead('/faq', match.context.siteConfig, { breadcrumb: 'FAQ', extra: { schema: [faqPageRecord(visibleFaqGroups(undefined, match.context.siteConfig.demoMode))] } });
  },
  ...lazyPage('./faq/-components/faq-page.tsx'),
});
