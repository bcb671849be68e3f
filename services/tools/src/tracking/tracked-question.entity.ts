import type { TrackingCadence, TrackingStatus } from '@agency/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'tracked_questions' })
export class TrackedQuestionEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** The audit report the visitor asked to track: its permalink shows the trend. */
  @Column({ name: 'report_id', type: 'varchar', length: 32 })
  reportId!: string;

  @Column({ type: 'text' })
  query!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  brand!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  website!: string | null;

  @Column({ type: 'jsonb', default: [] })
  competitors!: string[];

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 10 })
  cadence!: TrackingCadence;

  @Column({ type: 'varchar', length: 10 })
  status!: TrackingStatus;

  /** Why it is paused or stopped, for staff. */
  @Column({ name: 'status_reason', type: 'text', nullable: true })
  statusReason!: string | null;

  @Column({ name: 'confirmation_token_hash', type: 'varchar', length: 64, nullable: true, select: false })
  confirmationTokenHash!: string | null;

  /** The bearer token of the stop link in every tracking email. */
  @Column({ name: 'manage_token', type: 'varchar', length: 64, select: false })
  manageToken!: string;

  /** The cron pattern (UTC) of its BullMQ job scheduler, fixed at confirmation. */
  @Column({ name: 'schedule_pattern', type: 'varchar', length: 40, nullable: true })
  schedulePattern!: string | null;

  @Column({ name: 'failures_in_a_row', type: 'integer', default: 0 })
  failuresInARow!: number;

  @Column({ name: 'last_run_at', type: 'timestamptz', nullable: true })
  lastRunAt!: Date | null;

  /** The latest significant change's sentence, or "no significant change". */
  @Column({ name: 'last_change', type: 'text', nullable: true })
  lastChange!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  /** The last change or summary email; without a significant change, the next summary waits 28 days from it. */
  @Column({ name: 'last_emailed_at', type: 'timestamptz', nullable: true })
  lastEmailedAt!: Date | null;
}
