import { ADMIN_LIST_SORTS } from '@agency/shared';
import { AdminListQuery } from '@agency/server-kit';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/admin/subscribers and its export: paging, search (the address), sort. */
export class SubscriberListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(ADMIN_LIST_SORTS.subscribers, { message: `sort must be one of ${ADMIN_LIST_SORTS.subscribers.join(', ')}.` })
  sort: (typeof ADMIN_LIST_SORTS.subscribers)[number] = 'newest';
}
