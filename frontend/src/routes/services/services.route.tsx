import { createRoute } from '@tanstack/react-router';
import { auditOffer, serviceOffers } from '../../content/services-copy';
import { staticPageHead } from '../../seo/static-page-head';
import { serviceRecord } from '../../seo/structured-data';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const servicesRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/services',
  head: ({ match }) => {
    const site = match.context.siteConfig;
    return staticPageHead('/services', site, {
      breadcrumb: 'Services',
      extra: { schema: [...serviceOffers, auditOffer].map((offer) => serviceRecord(site, offer)) },
    });
  },
  ...lazyPage('./services/-components/services-page.tsx'),
});
