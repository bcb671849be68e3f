import { ReportMissing } from '../../../components/report-missing';

/** An unknown image report, or one kept past its time. */
export function ImageReportMissing({ data }: { data?: unknown }) {
  return (
    <ReportMissing
      data={data}
      expiredText="This AI Image Reader report has expired: reports are kept for a limited time. Analyse the image again to see what AI reads today."
      missingText="This report does not exist. Check the link you were given, or analyse an image yourself."
      toolPath="/ai-image-reader"
      actionLabel="Analyse an image"
    />
  );
}
