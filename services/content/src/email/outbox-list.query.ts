import { AdminListQuery } from '@agency/server-kit';
import { IsIn, IsOptional } from 'class-validator';

/** GET /api/admin/emails: paging, search (address, subject, kind), status and channel. */
export class OutboxListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(['queued', 'sent', 'failed'], { message: 'status must be one of queued, sent, failed.' })
  status?: 'queued' | 'sent' | 'failed';

  @IsOptional()
  @IsIn(['email', 'webhook'], { message: 'channel must be email or webhook.' })
  channel?: 'email' | 'webhook';
}
