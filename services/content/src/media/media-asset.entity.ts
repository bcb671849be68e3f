import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One upload of the media library; its variants are files under the media directory (media-storage.ts). */
@Entity({ name: 'media_assets' })
export class MediaAssetEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Random hex naming the upload's folder, so addresses cannot be guessed or collide. */
  @Column({ type: 'varchar', length: 64, unique: true })
  key!: string;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName!: string;

  @Column({ type: 'varchar', length: 300 })
  alt!: string;

  @Column({ type: 'integer' })
  width!: number;

  @Column({ type: 'integer' })
  height!: number;

  @Column({ name: 'stored_bytes', type: 'integer' })
  storedBytes!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
