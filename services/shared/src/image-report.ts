import type { AnalysedImage } from './admin-records.js';
import type { ImageAnswer } from './tool-answers.js';

/**
 * A stored AI Image Reader analysis as a shareable report: opened by an unguessable id (the same
 * 22-character form as an audit report's), never indexed, kept as long as audit reports, and
 * never showing the visitor's email or the image itself.
 */
export const IMAGE_REPORT_PATH = '/ai-image-reader/report';
export const IMAGE_REPORT_API_PATH = '/api/analyze-image/reports';

export const IMAGE_REPORT_NOT_FOUND_MESSAGE = 'This image report does not exist. Check the link, or analyse the image again.';
export const IMAGE_REPORT_EXPIRED_MESSAGE = 'This image report has expired. Reports are kept for a limited time; analyse the image again to see what AI reads today.';

export function imageReportUrl(reportId: string): string {
  return `${IMAGE_REPORT_PATH}/${reportId}`;
}

/** GET IMAGE_REPORT_API_PATH/{reportId}: the answer the visitor saw, with the upload's facts (never its pixels). */
export type ImageReport = ImageAnswer & {
  reportId: string;
  reportUrl: string;
  /** The upload's type, size in pixels and bytes; null for an analysis stored before these were kept. */
  image: AnalysedImage | null;
  simulated: boolean;
  createdAt: string;
  expiresAt: string;
};

/** A report opens until this moment: `days` after the analysis. */
export function reportExpiresAt(createdAt: Date, days: number): Date {
  return new Date(createdAt.getTime() + days * 24 * 60 * 60 * 1000);
}
