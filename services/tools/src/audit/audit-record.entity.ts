import type { AuditAnswer, AuditInsights, AuditMemoryAnswers, AuditRecord, AuditReport } from '@agency/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'llm_queries' })
export class AuditRecordEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'job_id', type: 'varchar', length: 64, unique: true, select: false })
  jobId!: string;

  @Column({ type: 'text' })
  query!: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  brand!: string | null;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ type: 'varchar', length: 64 })
  model!: string;

  /** JSON text of the answers keyed openai, claude, gemini, grok. */
  @Column({ type: 'text' })
  response!: string;

  @Column({ type: 'jsonb', default: {} })
  citations!: AuditAnswer['citations'];

  @Column({ name: 'search_queries', type: 'jsonb', default: {} })
  searchQueries!: AuditAnswer['searchQueries'];

  @Column({ type: 'jsonb', default: {} })
  grounded!: AuditAnswer['grounded'];

  @Column({ type: 'jsonb', default: {} })
  usage!: AuditRecord['usage'];

  /** Unguessable id of the shareable report; null for audits stored before reports. */
  @Column({ name: 'report_id', type: 'varchar', length: 32, nullable: true })
  reportId!: string | null;

  @Column({ type: 'varchar', length: 2048, nullable: true })
  website!: string | null;

  @Column({ type: 'integer', default: 1 })
  runs!: number;

  @Column({ name: 'run_answers', type: 'jsonb', default: {} })
  runAnswers!: AuditAnswer['runAnswers'];

  @Column({ type: 'jsonb', default: [] })
  brands!: AuditAnswer['brands'];

  @Column({ type: 'jsonb', nullable: true })
  visibility!: AuditAnswer['visibility'];

  @Column({ type: 'jsonb', default: [] })
  competitors!: string[];

  /** Per engine that gave no answer: why, as the visitor saw it. */
  @Column({ type: 'jsonb', default: {} })
  errors!: AuditAnswer['errors'];

  @Column({ name: 'competitor_visibility', type: 'jsonb', default: [] })
  competitorVisibility!: AuditAnswer['competitorVisibility'];

  @Column({ type: 'jsonb', default: {} })
  models!: AuditReport['models'];

  @Column({ type: 'boolean', default: false })
  simulated!: boolean;

  @Column({ type: 'jsonb', default: {} })
  endings!: AuditReport['endings'];

  @Column({ name: 'ending_counts', type: 'jsonb', default: {} })
  endingCounts!: AuditReport['endingCounts'];

  @Column({ name: 'search_suggestions', type: 'jsonb', default: {} })
  searchSuggestions!: AuditReport['searchSuggestions'];

  /** The figures computed once by the worker: brandSources, gapDomains, retrieval, websitePages, memory, nextSteps, method. */
  @Column({ type: 'jsonb', default: {} })
  insights!: Partial<AuditInsights>;

  /** Each engine's answer with search off (the raw answers' JSON has them). */
  @Column({ name: 'memory_answers', type: 'jsonb', default: {} })
  memoryAnswers!: AuditMemoryAnswers;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
