import { createRoute } from '@tanstack/react-router';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const frameworkRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/llm-visibility-framework',
  head: ({ match }) => staticPageHead('/llm-visibility-framework', match.context.siteConfig, { breadcrumb: 'LLM Visibility Framework' }),
  ...lazyPage('./llm-visibility-framework/-components/framework-overview-page.tsx'),
});

export const frameworkDetailedRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/llm-visibility-framework-detailed',
  head: ({ match }) =>
    staticPageHead('/llm-visibility-framework-detailed', match.context.siteConfig, { breadcrumb: 'LLM Visibility Framework in Detail' }),
  ...lazyPage('./llm-visibility-framework/-components/framework-detailed-page.tsx'),
});
