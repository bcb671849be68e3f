import { IMAGE_REPORT_PATH } from '@agency/shared';
import { createRoute, notFound } from '@tanstack/react-router';
import { isNotFound } from '../../api/api-client';
import { imageReportQuery, isExpiredImageReport } from '../../api/image-report-queries';
import { formatLongDate } from '../../format/date-format';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { ImageReportMissing } from './-components/image-report-missing';

/** A stored image analysis, rendered on the server from its unguessable id: shareable, never indexed. */
export const imageReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: `${IMAGE_REPORT_PATH}/$reportId`,
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(imageReportQuery(params.reportId));
    } catch (error) {
      if (isNotFound(error)) throw notFound({ data: { expired: isExpiredImageReport(error) } });
      throw error;
    }
  },
  head: ({ match, params }) => {
    const site = match.context.siteConfig;
    const path = `${IMAGE_REPORT_PATH}/${params.reportId}`;
    const { queryKey } = imageReportQuery(params.reportId);
    const report = match.context.queryClient.getQueryData(queryKey);
    if (!report) {
      const expired = isExpiredImageReport(match.context.queryClient.getQueryState(queryKey)?.error);
      return buildPageHead(
        {
          title: `${expired ? 'Report Expired' : 'Report Not Found'} | ${site.brandName}`,
          description: expired ? 'This AI Image Reader report has expired.' : 'This AI Image Reader report does not exist.',
          path,
          robots: NOINDEX_ROBOTS,
        },
        site,
      );
    }
    return buildPageHead(
      {
        title: `AI Image Reader report | ${site.brandName}`,
        description: `What four AI vision models read in a product image on ${formatLongDate(report.createdAt)}${report.simulated ? ' (simulated readings, demo mode)' : ''}.`,
        path,
        robots: NOINDEX_ROBOTS,
      },
      site,
    );
  },
  notFoundComponent: ImageReportMissing,
  errorComponent: ImageReportMissing,
  ...lazyPage('./ai-image-reader/-components/image-report-page.tsx'),
});
