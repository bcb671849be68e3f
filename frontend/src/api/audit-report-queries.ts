import { AUDIT_REPORT_API_PATH, AUDIT_REPORT_EXPIRED_MESSAGE, type AuditReport } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { ApiError, apiGet } from './api-client';

/** A stored audit report by its id (GET /api/llm-query/reports/{id}); 404 when unknown or expired. */
export const auditReportQuery = (reportId: string) =>
  queryOptions({
    queryKey: ['audit-reports', reportId],
    queryFn: ({ signal }) => apiGet<AuditReport>(`${AUDIT_REPORT_API_PATH}/${encodeURIComponent(reportId)}`, { signal }),
    // A stored report never changes.
    staleTime: Infinity,
    retry: false,
  });

/** The service said the report existed once and has expired. */
export function isExpiredReport(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.serverMessage === AUDIT_REPORT_EXPIRED_MESSAGE;
}
