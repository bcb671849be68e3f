import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'search_lab_entries' })
export class SearchLabEntryEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 120, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  summary!: string;

  @Column({ name: 'chatgpt_link', type: 'text' })
  chatgptLink!: string;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ name: 'display_order', type: 'integer', default: 1 })
  displayOrder!: number;

  @Column({ name: 'meta_title', type: 'varchar', length: 60, nullable: true })
  metaTitle!: string | null;

  @Column({ name: 'meta_description', type: 'varchar', length: 155, nullable: true })
  metaDescription!: string | null;

  @Column({ type: 'text', nullable: true })
  challenge!: string | null;

  @Column({ name: 'what_changed', type: 'text', nullable: true })
  whatChanged!: string | null;

  @Column({ type: 'text', nullable: true })
  result!: string | null;

  /** A calendar date (YYYY-MM-DD); Postgres's date type comes back as that text. */
  @Column({ name: 'case_date', type: 'date', nullable: true })
  caseDate!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
