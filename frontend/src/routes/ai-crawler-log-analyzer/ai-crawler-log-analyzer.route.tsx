import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { toolRouteHead } from '../tool-route-head';

/** `?report=` opens a stored report (the link in the answer), otherwise the upload form alone. */
export interface CrawlerLogSearch {
  report?: string;
}

export const aiCrawlerLogAnalyzerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/ai-crawler-log-analyzer',
  validateSearch: (search: Record<string, unknown>): CrawlerLogSearch =>
    typeof search.report === 'string' && /^[A-Za-z0-9_-]{16,64}$/.test(search.report) ? { report: search.report } : {},
  head: ({ match }) => toolRouteHead('crawlerLogAnalyzer', match.context.siteConfig),
  ...lazyPage('./ai-crawler-log-analyzer/-components/ai-crawler-log-analyzer-page.tsx'),
});
