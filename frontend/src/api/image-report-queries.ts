import { IMAGE_REPORT_API_PATH, IMAGE_REPORT_EXPIRED_MESSAGE, type ImageReport } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

/** A stored image report by its id (GET /api/analyze-image/reports/{id}); 404 when unknown or expired. */
export const imageReportQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['image-reports', reportId],
    queryFn: ({ signal }) => apiGet<ImageReport>(`${IMAGE_REPORT_API_PATH}/${encodeURIComponent(reportId)}`, { signal }),
    // A stored report never changes.
    staleTime: Infinity,
    retry: false,
  });

/** The service said the report existed once and has expired. */
export function isExpiredImageReport(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.serverMessage === IMAGE_REPORT_EXPIRED_MESSAGE;
}
