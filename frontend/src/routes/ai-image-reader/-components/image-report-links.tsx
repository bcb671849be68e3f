import { IMAGE_REPORT_API_PATH } from '@agency/shared';
import { useState } from 'react';
import { formatLongDate } from '../../../format/date-format';

/** The report's own address, a button that copies it, and its CSV. */
export function ImageReportLinks({ reportId, reportUrl, expiresAt }: { reportId: string; reportUrl: string; expiresAt?: string | undefined }) {
  const [copied, setCopied] = useState<'yes' | 'failed'>();
  const copy = () => {
    const address = new URL(reportUrl, window.location.origin).href;
    navigator.clipboard.writeText(address).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  };
  return (
    <section className="card image-report-links" aria-labelledby="image-report-links-title">
      <h2 id="image-report-links-title" className="h3-size">
        Share this report
      </h2>
      <p>
        <a className="text-link image-report-url" href={reportUrl}>
          {reportUrl}
        </a>
      </p>
      <div className="image-report-actions">
        <button type="button" className="btn btn-primary" onClick={copy}>
          Copy link
        </button>
        <a className="btn btn-secondary" href={`${IMAGE_REPORT_API_PATH}/${reportId}.csv`} download>
          Download CSV
        </a>
        <span role="status" className="form-notice">
          {copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Copy failed: select the link above instead.' : ''}
        </span>
      </div>
      <p className="form-notice">
        Anyone with the link can open the report{expiresAt ? ` until ${formatLongDate(expiresAt)}` : ''}. It never shows your email address or the image itself.
      </p>
    </section>
  );
}
