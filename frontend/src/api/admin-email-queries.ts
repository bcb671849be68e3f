import type { OutboxEmail } from '@agency/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { ADMIN_QUERY_ROOT, DEFAULT_LIST_PARAMS, listPath, type ListParams } from './admin-queries';
import { adminGetList, adminSend } from './admin-session';

/** The outbox: emails and CRM webhook deliveries, newest first (GET /api/admin/emails). */
export const adminEmailsQuery = (params: ListParams = DEFAULT_LIST_PARAMS) =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'emails', params],
    queryFn: ({ signal }) => adminGetList<OutboxEmail>(listPath('/api/admin/emails', params), signal),
    placeholderData: keepPreviousData,
  });

export function retryEmail(id: number): Promise<unknown> {
  return adminSend('POST', `/api/admin/emails/${id}/retry`, {});
}
