import type { AuditAnswer, AuditRecord } from '@agency/shared';
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
