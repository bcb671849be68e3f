import type { AuditAnswer, AuditRecord } from '@agency/shared';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One dated sample of a tracked question: every engine asked AUDIT_RUNS times. */
@Entity({ name: 'tracked_runs' })
export class TrackedRunEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'tracked_question_id', type: 'integer' })
  trackedQuestionId!: number;

  /** When its schedule meant it to run (unique per question: a rerun of the job stores nothing twice). */
  @Column({ type: 'timestamptz' })
  slot!: Date;

  @Column({ name: 'ran_at', type: 'timestamptz' })
  ranAt!: Date;

  @Column({ type: 'integer' })
  runs!: number;

  @Column({ name: 'run_answers', type: 'jsonb', default: {} })
  runAnswers!: AuditAnswer['runAnswers'];

  @Column({ type: 'jsonb', nullable: true })
  visibility!: AuditAnswer['visibility'];

  @Column({ name: 'competitor_visibility', type: 'jsonb', default: [] })
  competitorVisibility!: AuditAnswer['competitorVisibility'];

  @Column({ type: 'jsonb', default: {} })
  errors!: AuditAnswer['errors'];

  @Column({ type: 'jsonb', default: {} })
  usage!: AuditRecord['usage'];

  @Column({ type: 'boolean', default: false })
  simulated!: boolean;
}
