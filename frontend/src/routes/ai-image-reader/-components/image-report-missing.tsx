import { Link } from '@tanstack/react-router';

/** An unknown image report, or one kept past its time (both answer HTTP 404). */
export function ImageReportMissing({ data }: { data?: unknown }) {
  const expired = typeof data === 'object' && data !== null && (data as { expired?: unknown }).expired === true;
  return (
    <section className="section status-screen">
      <div className="container narrow center">
        <h1>{expired ? 'Report Expired' : 'Report Not Found'}</h1>
        <p className="lede">
          {expired
            ? 'This AI Image Reader report has expired: reports are kept for a limited time. Analyse the image again to see what AI reads today.'
            : 'This report does not exist. Check the link you were given, or analyse an image yourself.'}
        </p>
        <div className="button-row center">
          <Link to="/ai-image-reader" className="btn btn-primary">
            Analyse an image
          </Link>
        </div>
      </div>
    </section>
  );
}
