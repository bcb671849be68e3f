import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { OutboxStatus } from '@agency/shared';

/** A row of the outbox, as the admin list reads it (the sender works in SQL). */
@Entity({ name: 'email_outbox' })
export class OutboxEmailEntity {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id!: string;

  @Column({ name: 'idempotency_key', type: 'varchar', length: 200 })
  idempotencyKey!: string;

  @Column({ type: 'varchar', length: 40 })
  kind!: string;

  @Column({ type: 'varchar', length: 10 })
  channel!: 'email' | 'webhook';

  @Column({ name: 'to_address', type: 'varchar', length: 2048 })
  to!: string;

  @Column({ type: 'varchar', length: 300 })
  subject!: string;

  @Column({ name: 'person_email', type: 'varchar', length: 254, nullable: true })
  personEmail!: string | null;

  @Column({ type: 'varchar', length: 10 })
  status!: OutboxStatus;

  @Column({ type: 'integer' })
  attempts!: number;

  @Column({ type: 'text', nullable: true })
  error!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;
}
