import type { AnalysedImage, ImageAnalysisRecord, MainImageCheck } from '@agency/shared';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One AI Image Reader analysis: the upload's facts (never its pixels), what each model read, the main-image checks. */
@Entity({ name: 'image_analyses' })
export class ImageAnalysisEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ name: 'job_id', type: 'varchar', length: 64, unique: true, select: false })
  jobId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  @Column({ name: 'image_type', type: 'varchar', length: 16, nullable: true })
  imageType!: string | null;

  @Column({ name: 'image_width', type: 'integer', nullable: true })
  imageWidth!: number | null;

  @Column({ name: 'image_height', type: 'integer', nullable: true })
  imageHeight!: number | null;

  @Column({ name: 'image_bytes', type: 'integer', nullable: true })
  imageBytes!: number | null;

  /** Keyed openai, anthropic, gemini, grok: product, labelText, findings, altText, or error. */
  @Column({ type: 'jsonb', default: {} })
  models!: ImageAnalysisRecord['models'];

  @Column({ name: 'main_image_checks', type: 'jsonb', default: [] })
  mainImageChecks!: MainImageCheck[];

  @Column({ type: 'text', nullable: true })
  disagreement!: string | null;

  @Column({ type: 'text', nullable: true })
  consensus!: string | null;

  /** The shareable report's unguessable id; null for analyses stored before reports existed. */
  @Column({ name: 'report_id', type: 'varchar', length: 32, nullable: true, unique: true })
  reportId!: string | null;

  @Column({ name: 'alt_text', type: 'text', default: '' })
  altText!: string;

  /** Demo mode: the simulator answered, not real models. */
  @Column({ type: 'boolean', default: false })
  simulated!: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

export function analysedImageOf(row: ImageAnalysisEntity): AnalysedImage | null {
  if (row.imageType === null || row.imageWidth === null || row.imageHeight === null || row.imageBytes === null) return null;
  return { type: row.imageType, width: row.imageWidth, height: row.imageHeight, bytes: row.imageBytes };
}
