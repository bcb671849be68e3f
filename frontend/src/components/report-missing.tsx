import { Link } from '@tanstack/react-router';

interface ReportMissingProps {
  /** What the route's not-found or error carried: `{ expired: true }` for a report kept past its time. */
  data?: unknown;
  expiredText: string;
  missingText: string;
  /** The tool page, and the words of the button that leads back to it. */
  toolPath: '/ai-search-audit' | '/ai-image-reader';
  actionLabel: string;
}

/** An unknown stored report, or one kept past its time (both answer HTTP 404). */
export function ReportMissing({ data, expiredText, missingText, toolPath, actionLabel }: ReportMissingProps) {
  const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>{expired ? 'Report Expired' : 'Report Not Found'}</h1>
        <p className="lede">{expired ? expiredText : missingText}</p>
        <div className="button-row center">
          <Link to={toolPath} className="btn btn-primary">
            {actionLabel}
          </Link>
        </div>
      </div>
    </section>
  );
}
