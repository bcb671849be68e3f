import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MarketingSubscriber, SubscriberSource } from '@agency/shared';
import { containsPattern, type ListPage, recordMarketingSubscriber } from '@agency/server-kit';
import { type EntityManager, Repository, type SelectQueryBuilder } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import type { SubscriberListQuery } from './subscriber-list.query.js';
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

  /** The address's sign-up, if any (the person view). */
  async ofEmail(email: string): Promise<MarketingSubscriber | null> {
    const row = await this.subscribers.findOneBy({ email: email.toLowerCase() });
    return row ? this.toSubscriber(row) : null;
  }

  listPage(query: SubscriberListQuery): Promise<ListPage<MarketingSubscriber>> {
    return readListPage(this.sorted(query), query, (row) => this.toSubscriber(row));
  }

  /** Every subscriber the search matches (the CSV export). */
  async listAll(query: SubscriberListQuery): Promise<MarketingSubscriber[]> {
    const rows = await this.sorted(query).getMany();
    return rows.map((row) => this.toSubscriber(row));
  }

  private sorted(query: SubscriberListQuery): SelectQueryBuilder<MarketingSubscriberEntity> {
    const rows = this.subscribers.createQueryBuilder('subscriber');
    if (query.q) rows.andWhere('subscriber.email ILIKE :q', { q: containsPattern(query.q) });
    if (query.sort === 'email') rows.orderBy('subscriber.email', 'ASC');
    else {
      const direction = query.sort === 'oldest' ? 'ASC' : 'DESC';
      rows.orderBy('subscriber.consentAt', direction).addOrderBy('subscriber.id', direction);
    }
    return rows;
  }

  private toSubscriber(row: MarketingSubscriberEntity): MarketingSubscriber {
    return {
      email: row.email,
      source: row.source,
      consentAt: row.consentAt.toISOString(),
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      unsubscribeUrl: this.unsubscribeUrl(row.email),
    };
  }
}
