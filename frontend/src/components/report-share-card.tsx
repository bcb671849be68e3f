import { useState } from 'react';
import { formatLongDate } from '../format/date-format';

interface ReportShareCardProps {
  /** Names the card's classes and heading id (`audit` → `audit-report-links`), which styles and tests address. */
  tool: 'audit' | 'image';
  reportUrl: string;
  csvHref: string;
  /** The raw answers as JSON, where the tool keeps them. */
  jsonHref?: string | undefined;
  expiresAt?: string | undefined;
  /** What the report never shows, e.g. "your email address". */
  neverShows: string;
}

/** A stored report's own address, a button that copies it, its CSV, and how long the link works. */
export function ReportShareCard({ tool, reportUrl, csvHref, jsonHref, expiresAt, neverShows }: ReportShareCardProps) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const copy = () => {
    const address = new URL(reportUrl, window.location.origin).href;
    navigator.clipboard.writeText(address).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className={`card ${tool}-report-links`} aria-labelledby={`${tool}-report-links-title`}>
      <h2 id={`${tool}-report-links-title`} className="h3-size">
        Share this report
      </h2>
      <p>
        <a className={`text-link ${tool}-report-url`} href={reportUrl}>
          {reportUrl}
        </a>
      </p>
      <div className={`${tool}-report-actions`}>
        <button type="button" className="btn btn-primary" onClick={copy}>
          Copy link
        </button>
        <a className="btn btn-secondary" href={csvHref} download>
          Download CSV
        </a>
        {jsonHref ? (
          <a className="btn btn-secondary" href={jsonHref} download>
            Download the raw answers (JSON)
          </a>
        ) : null}
        <span role="status" className="form-notice">
          {copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Copy failed: select the link above instead.' : ''}
        </span>
      </div>
      <p className="form-notice">
        Anyone with the link can open the report{expiresAt ? ` until ${formatLongDate(expiresAt)}` : ''}. It never shows {neverShows}.
      </p>
    </section>
  );
}
