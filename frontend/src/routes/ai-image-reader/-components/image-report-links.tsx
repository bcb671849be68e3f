import { IMAGE_REPORT_API_PATH } from '@agency/shared';
import { ReportShareCard } from '../../../components/report-share-card';

/** The image report's own address, a button that copies it, and its CSV. */
export function ImageReportLinks({ reportId, reportUrl, expiresAt }: { reportId: string; reportUrl: string; expiresAt?: string | undefined }) {
  return (
    <ReportShareCard
      tool="image"
      reportUrl={reportUrl}
      csvHref={`${IMAGE_REPORT_API_PATH}/${reportId}.csv`}
      expiresAt={expiresAt}
      neverShows="your email address or the image itself"
    />
  );
}
