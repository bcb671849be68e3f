import { IMAGE_REPORT_API_PATH } from '@agency/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { imageReportQuery } from '../../../api/image-report-queries';
import { initialToolProgress } from '../../../api/tool-progress-state';
import { DemoBanner } from '../../../components/demo-banner';
import { formatLongDate } from '../../../format/date-format';
import { imageModelCards, ImageResults } from './image-results';
import './image-reader.css';

const route = getRouteApi('/ai-image-reader/report/$reportId');

/** A stored image analysis: when it ran, the upload's facts (never the image), then the full results. */
export default function ImageReportPage() {
  const { reportId } = route.useParams();
  const { data: report } = useSuspenseQuery(imageReportQuery(reportId));
  const facts = report.image
    ? [`${report.image.type.toUpperCase()}, ${report.image.width.toLocaleString('en-GB')} × ${report.image.height.toLocaleString('en-GB')} px`, `${(report.image.bytes / 1024).toFixed(0)} KB`]
    : undefined;
  return (
    <>
      <DemoBanner simulated={report.simulated} />
      <ImageResults
        models={imageModelCards(report, initialToolProgress())}
        answer={report}
        image={undefined}
        imageFacts={facts}
        finished
        showReportLinks={false}
        heading={
          <>
            <p className="eyebrow">AI Image Reader report</p>
            <h1 id="image-results-title">What four AI models see in this image</h1>
            <ul className="image-report-meta">
              <li>
                Analysed on <time dateTime={report.createdAt}>{formatLongDate(report.createdAt)}</time>
              </li>
              <li>
                Open until <time dateTime={report.expiresAt}>{formatLongDate(report.expiresAt)}</time>; the image itself is not kept.
              </li>
              {report.simulated ? <li>Simulated readings (demo mode)</li> : null}
            </ul>
            <p>
              <a className="btn btn-secondary" href={`${IMAGE_REPORT_API_PATH}/${report.reportId}.csv`} download>
                Download CSV
              </a>{' '}
              <Link to="/ai-image-reader" className="text-link">
                Analyse your own image →
              </Link>
            </p>
          </>
        }
      />
    </>
  );
}
