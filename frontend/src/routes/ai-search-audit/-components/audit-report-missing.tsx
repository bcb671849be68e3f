import { ReportMissing } from '../../../components/report-missing';

/** An unknown audit report, or one kept past AUDIT_REPORT_DAYS. */
export function AuditReportMissing({ data }: { data?: unknown }) {
  return (
    <ReportMissing
      data={data}
      expiredText="This AI Search Audit report has expired: reports are kept for a limited time. Run a new audit to see what AI recommends today."
      missingText="This report does not exist. Check the link you were given, or run a new audit."
      toolPath="/ai-search-audit"
      actionLabel="Run a new audit"
    />
  );
}
