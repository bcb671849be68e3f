import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MarketingSubscriber, SubscriberSource } from '@agency/shared';
import { recordMarketingSubscriber } from '@agency/server-kit';
import { type EntityManager, Repository } from 'typeorm';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import { UnsubscribeToken } from './unsubscribe-token.js';

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from your most recent email.';

@Injectable()
export class SubscribersService {
  private readonly tokens: UnsubscribeToken;

  constructor(
    @InjectRepository(MarketingSubscriberEntity) private readonly subscribers: Repository<MarketingSubscriberEntity>,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
  ) {
    this.tokens = new UnsubscribeToken(config.unsubscribeSecret);
  }

  /** Records consent given through a form, inside the caller's transaction. */
  async record(manager: EntityManager, email: string, source: SubscriberSource): Promise<void> {
    await recordMarketingSubscriber(manager, email, source);
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

  async list(): Promise<MarketingSubscriber[]> {
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
