import { AUDIT_REPORT_API_PATH } from '@agency/shared';
import { ReportShareCard } from '../../../components/report-share-card';

/** The audit report's own address, a button that copies it, its CSV and its raw answers as JSON. */
export function AuditReportLinks({ reportId, reportUrl, expiresAt }: { reportId: string; reportUrl: string; expiresAt?: string | undefined }) {
  return (
    <ReportShareCard tool="audit" reportUrl={reportUrl} csvHref={`${AUDIT_REPORT_API_PATH}/${reportId}.csv`}
      jsonHref={`${AUDIT_REPORT_API_PATH}/${reportId}.json`}
      expiresAt={expiresAt} neverShows="your email address" />
  );
}
