import { Link } from '@tanstack/react-router';

/** An unknown report, or one kept past AUDIT_REPORT_DAYS (both answer HTTP 404). */
export function AuditReportMissing({ data }: { data?: unknown }) {
  const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>{expired ? 'Report Expired' : 'Report Not Found'}</h1>
        <p className="lede">
          {expired
            ? 'This AI Search Audit report has expired: reports are kept for a limited time. Run a new audit to see what AI recommends today.'
            : 'This report does not exist. Check the link you were given, or run a new audit.'}
        </p>
        <div className="button-row center">
          <Link to="/ai-search-audit" className="btn btn-primary">
            Run a new audit
          </Link>
        </div>
      </div>
    </section>
  );
}
