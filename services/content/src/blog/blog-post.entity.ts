import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'blog_posts' })
export class BlogPostEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Made from the title at creation and never changed, so shared links keep working. */
  @Column({ type: 'varchar', length: 120, unique: true })
  slug!: string;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  excerpt!: string;

  @Column({ type: 'text' })
  content!: string;

  /** A category name; the foreign key follows renames and refuses deleting a used category. */
  @Column({ type: 'varchar', length: 80 })
  category!: string;

  @Column({ type: 'text', nullable: true })
  image!: string | null;

  @Column({ name: 'image_alt', type: 'varchar', length: 300, nullable: true })
  imageAlt!: string | null;

  @Column({ name: 'meta_title', type: 'varchar', length: 60, nullable: true })
  metaTitle!: string | null;

  @Column({ name: 'meta_description', type: 'varchar', length: 155, nullable: true })
  metaDescription!: string | null;

  @Column({ name: 'read_time', type: 'integer' })
  readTime!: number;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ name: 'date_posted', type: 'timestamptz' })
  datePosted!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
