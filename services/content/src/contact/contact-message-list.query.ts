import { ADMIN_LIST_SORTS, CONTACT_STATUSES, type ContactStatus } from '@agency/shared';
import { DatedListQuery } from '@agency/server-kit';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/contact-messages and its CSV export: paging, search, status and date filters, sort. */
export class ContactMessageListQuery extends DatedListQuery {
  @IsOptional()
  @IsIn(CONTACT_STATUSES, { message: `status must be one of ${CONTACT_STATUSES.join(', ')}.` })
  status?: ContactStatus;

  @IsOptional()
  @IsIn(ADMIN_LIST_SORTS.contactMessages, { message: `sort must be one of ${ADMIN_LIST_SORTS.contactMessages.join(', ')}.` })
  sort: (typeof ADMIN_LIST_SORTS.contactMessages)[number] = 'newest';
}
