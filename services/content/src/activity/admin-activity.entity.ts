import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One admin write or erasure: who (a session label), what and when. Never the data itself. */
@Entity({ name: 'admin_activity' })
export class AdminActivityEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ type: 'timestamptz', default: () => 'now()' })
  at!: Date;

  @Column({ type: 'varchar', length: 32 })
  session!: string;

  @Column({ type: 'varchar', length: 64 })
  action!: string;

  @Column({ type: 'varchar', length: 500 })
  summary!: string;
}
