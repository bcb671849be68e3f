import { trackingPath, type TrackedQuestionRecord, type TrackingCadence, type TrackingStatus } from '@agency/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiSend } from './api-client';
import { ADMIN_QUERY_ROOT, DEFAULT_LIST_PARAMS, listPath, type ListParams } from './admin-queries';
import { adminGetList, adminSend } from './admin-session';

/** "Track this question" (POST …/reports/{id}/tracking): 202, then the visitor confirms by email. */
export function requestTracking(reportId: string, email: string, cadence: TrackingCadence): Promise<{ message: string }> {
  return apiSend<{ message: string }>('POST', trackingPath(encodeURIComponent(reportId)), { email: email.trim(), cadence });
}

/** The trend of a report's tracked question as CSV. */
export function trendCsvUrl(reportId: string): string {
  return `${trackingPath(encodeURIComponent(reportId))}/trend.csv`;
}

/** Tracked questions, those run most recently first (GET /api/admin/tracked-questions). */
export const adminTrackedQuestionsQuery = (params: ListParams = DEFAULT_LIST_PARAMS) =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'tracked-questions', params],
    queryFn: ({ signal }) => adminGetList<TrackedQuestionRecord>(listPath('/api/admin/tracked-questions', params), signal),
    placeholderData: keepPreviousData,
  });

export function changeTrackedStatus(id: number, status: Exclude<TrackingStatus, 'pending'>): Promise<unknown> {
  return adminSend('PATCH', `/api/admin/tracked-questions/${id}`, { status });
}
