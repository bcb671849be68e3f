import { AUDIT_REPORT_PATH, isAuditReportId, MODEL_PROVIDER_LABELS } from '@agency/shared';
import { createRoute, notFound } from '@tanstack/react-router';
import { auditReportQuery, isExpiredReport } from '../../api/audit-report-queries';
import { isNotFound } from '../../api/api-client';
import { formatLongDate } from '../../format/date-format';
import { buildPageHead, NOINDEX_ROBOTS } from '../../seo/page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';
import { AuditReportMissing } from './-components/audit-report-missing';

/** A stored audit, rendered on the server from its unguessable id: shareable, never indexed. */
export const auditReportRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: `${AUDIT_REPORT_PATH}/$reportId`,
  loader: async ({ context, params }) => {
    // Not an id (the CSV's address, say, is served before the router): no need to ask the API.
    if (!isAuditReportId(params.reportId)) throw notFound({ data: { expired: false } });
    try {
      await context.queryClient.ensureQueryData(auditReportQuery(params.reportId));
    } catch (error) {
      if (isNotFound(error)) throw notFound({ data: { expired: isExpiredReport(error) } });
      throw error;
    }
  },
  head: ({ match, params }) => {
    const site = match.context.siteConfig;
    const path = `${AUDIT_REPORT_PATH}/${params.reportId}`;
    const { queryKey } = auditReportQuery(params.reportId);
    const report = match.context.queryClient.getQueryData(queryKey);
    if (!report) {
      const expired = isExpiredReport(match.context.queryClient.getQueryState(queryKey)?.error);
      return buildPageHead(
        {
          title: `${expired ? 'Report Expired' : 'Report Not Found'} | ${site.brandName}`,
          description: expired ? 'This AI Search Audit report has expired.' : 'This AI Search Audit report does not exist.',
          path,
          robots: NOINDEX_ROBOTS,
        },
        site,
      );
    }
    const engines = Object.values(MODEL_PROVIDER_LABELS).join(', ');
    return buildPageHead(
      {
        title: `AI Search Audit report: “${report.query}” | ${site.brandName}`,
        description: `What ${engines} answered to “${report.query}” on ${formatLongDate(report.createdAt)}${report.simulated ? ' (simulated answers, demo mode)' : ''}.`,
        path,
        robots: NOINDEX_ROBOTS,
      },
      site,
    );
  },
  notFoundComponent: AuditReportMissing,
  errorComponent: AuditReportMissing,
  ...lazyPage('./ai-search-audit/-components/audit-report-page.tsx'),
});
