import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SubscriberSource, SubscriberStatus } from '@agency/shared';

@Entity({ name: 'marketing_subscribers' })
export class MarketingSubscriberEntity {
  @PrimaryGeneratedColumn()
  id!: number;

  /** Stored lower-case; one row per address. */
  @Column({ type: 'varchar', length: 254, unique: true })
  email!: string;

  /** Where the address was first given. */
  @Column({ type: 'varchar', length: 32 })
  source!: SubscriberSource;

  @Column({ name: 'consent_at', type: 'timestamptz' })
  consentAt!: Date;

  @Column({ name: 'unsubscribed_at', type: 'timestamptz', nullable: true })
  unsubscribedAt!: Date | null;

  /** Pending until the confirmation link is followed (double opt-in). */
  @Column({ type: 'varchar', length: 12 })
  status!: SubscriberStatus;

  @Column({ name: 'confirmation_token_hash', type: 'varchar', length: 64, nullable: true, select: false })
  confirmationTokenHash!: string | null;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;
}
