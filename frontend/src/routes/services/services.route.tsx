import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { serviceRecord } from '../../seo/structured-data';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const servicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/services',
  // The service texts are only needed with this page, so they stay out of the bundle every page loads.
  head: async ({ match }) => {
    const site = match.context.siteConfig;
    const { auditOffer, serviceOffers } = await import('../../content/services-copy');
    return staticPageHead('/services', site, {
      breadcrumb: 'Services',
      extra: { schema: [...serviceOffers, auditOffer].map((offer) => serviceRecord(site, offer)) },
    });
  },
  ...lazyPage('./services/-components/services-page.tsx'),
});
