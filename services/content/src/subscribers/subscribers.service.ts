import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { SubscriberSource } from '@agency/shared';
import { type EntityManager, Repository } from 'typeorm';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import { UnsubscribeToken } from './unsubscribe-token.js';

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from your most recent email.';

export interface SubscriberView {
  email: string;
  source: SubscriberSource;
  consentAt: string;
  unsubscribedAt: string | null;
  unsubscribeUrl: string;
}

@Injectable()
export class SubscribersService {
  private readonly tokens: UnsubscribeToken;

  constructor(
    @InjectRepository(MarketingSubscriberEntity) private readonly subscribers: Repository<MarketingSubscriberEntity>,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
  ) {
    this.tokens = new UnsubscribeToken(config.unsubscribeSecret);
  }

  /**
   * Records consent given through a form, inside the caller's transaction. The first source is kept.
   * An explicit newsletter sign-up renews consent after an unsubscribe; other forms respect it.
   */
  async record(manager: EntityManager, email: string, source: SubscriberSource): Promise<void> {
    const address = email.toLowerCase();
    const renews = source === 'newsletter';
    await manager.query(
      `INSERT INTO marketing_subscribers (email, source, consent_at)
       VALUES ($1, $2, now())
       ON CONFLICT (email) DO UPDATE
         SET unsubscribed_at = NULL, consent_at = now()
         WHERE $3::boolean AND marketing_subscribers.unsubscribed_at IS NOT NULL`,
      [address, source, renews],
    );
  }

  /** Sets the unsubscribe time once; later calls change nothing. */
  async unsubscribe(email: string, token: string): Promise<void> {
    if (!this.tokens.verify(email, token)) throw new BadRequestException(BAD_UNSUBSCRIBE_LINK);
    await this.subscribers
      .createQueryBuilder()
      .update(MarketingSubscriberEntity)
      .set({ unsubscribedAt: () => 'now()' })
      .where('email = :email AND unsubscribed_at IS NULL', { email: email.toLowerCase() })
      .execute();
  }

  unsubscribeUrl(email: string): string {
    const query = new URLSearchParams({ email: email.toLowerCase(), token: this.tokens.sign(email) });
    return `${this.config.publicSiteUrl}/api/newsletter/unsubscribe?${query.toString()}`;
  }

  async list(): Promise<SubscriberView[]> {
    const rows = await this.subscribers.find({ order: { consentAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({
      email: row.email,
      source: row.source,
      consentAt: row.consentAt.toISOString(),
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      unsubscribeUrl: this.unsubscribeUrl(row.email),
    }));
  }
}
