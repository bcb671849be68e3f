import type { CrawlerLogAnswer } from '@agency/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One AI Crawler Log Analyzer run: the report the log gave (never the log itself). */
@Entity({ name: 'crawler_log_analyses' })
export class CrawlerLogAnalysisEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'job_id', type: 'varchar', length: 64, unique: true, select: false })
  jobId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** The uploaded file's name as the browser sent it (cut to 200 characters). */
  @Column({ name: 'file_name', type: 'varchar', length: 200, nullable: true })
  fileName!: string | null;

  /** The visitor's site whose robots.txt was read, normalised, or null. */
  @Column({ type: 'varchar', length: 2048, nullable: true })
  site!: string | null;

  @Column({ type: 'integer', default: 0 })
  lines!: number;

  @Column({ name: 'ai_requests', type: 'integer', default: 0 })
  aiRequests!: number;

  /** The whole answer the visitor saw, without the report link. */
  @Column({ type: 'jsonb' })
  report!: CrawlerLogAnswer;

  @Column({ name: 'report_id', type: 'varchar', length: 32, unique: true })
  reportId!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
