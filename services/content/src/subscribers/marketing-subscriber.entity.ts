import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';
import type { SubscriberSource } from '@agency/shared';

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
}
