import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'youtube_videos' })
export class YoutubeVideoEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text' })
  description!: string;

  @Column({ name: 'youtube_url', type: 'text' })
  youtubeUrl!: string;

  /** Derived from youtubeUrl by the server. */
  @Column({ name: 'youtube_id', type: 'varchar', length: 11 })
  youtubeId!: string;

  @Column({ type: 'boolean', default: false })
  published!: boolean;

  @Column({ name: 'display_order', type: 'integer', default: 0 })
  displayOrder!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
