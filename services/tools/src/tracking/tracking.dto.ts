import { TRACKING_CADENCES, TRACKING_STATUSES, type TrackingCadence, type TrackingStatus } from '@agency/shared';
import { AdminListQuery, Email } from '@agency/server-kit';
import { IsIn, IsOptional, IsString, Matches } from 'class-validator';

/** Body of POST /api/llm-query/reports/{id}/tracking. */
export class TrackingInput {
  @Email()
  email!: string;

  @IsIn(TRACKING_CADENCES, { message: 'cadence must be "weekly" or "monthly".' })
  cadence!: TrackingCadence;
}

/** ?token=… of the confirmation and stop links. */
export class TrackingTokenQuery {
  @IsString({ message: 'The link is missing its token.' })
  @Matches(/^[A-Za-z0-9_-]{16,64}$/, { message: 'The link is not valid.' })
  token!: string;
}

/** GET /api/admin/tracked-questions: paging, search and a status filter. */
export class TrackedQuestionListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(TRACKING_STATUSES, { message: `status must be one of ${TRACKING_STATUSES.join(', ')}.` })
  status?: TrackingStatus;
}

/** PATCH /api/admin/tracked-questions/{id}: staff pause, resume or stop one. */
export class TrackedQuestionStatusInput {
  @IsIn(['active', 'paused', 'stopped'], { message: 'status must be "active", "paused" or "stopped".' })
  status!: Exclude<TrackingStatus, 'pending'>;
}
