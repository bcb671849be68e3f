import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'query_fan_out_requests' })
export class SemanticExpansionRecordEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'job_id', type: 'varchar', length: 64, unique: true, select: false })
  jobId!: string;

  @Column({ type: 'varchar', length: 200 })
  keyword!: string;

  @Column({ type: 'varchar', length: 2048 })
  website!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** JSON text: { queries: string[], websiteAnalysis: WebsiteAnalysisItem[] } (the answer as the visitor received it). */
  @Column({ type: 'text' })
  results!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
