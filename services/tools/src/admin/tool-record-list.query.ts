import { ADMIN_LIST_SORTS } from '@agency/shared';
import { DatedListQuery } from '@agency/server-kit';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/admin/llm-queries, query-fan-out-requests and image-analyses, and their exports: paging, search, date range, sort. */
export class ToolRecordListQuery extends DatedListQuery {
  @IsOptional()
  @IsIn(ADMIN_LIST_SORTS.auditRecords, { message: `sort must be one of ${ADMIN_LIST_SORTS.auditRecords.join(', ')}.` })
  sort: (typeof ADMIN_LIST_SORTS.auditRecords)[number] = 'newest';
}
