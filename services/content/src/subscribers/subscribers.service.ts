import { BadRequestException, Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { MarketingSubscriber, SubscriberSource } from '@agency/shared';
import { confirmationEmail, confirmationTokenHash, containsPattern, type ListPage, recordMarketingSubscriber, writeOutbox } from '@agency/server-kit';
import { type EntityManager, Repository, type SelectQueryBuilder } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { ToolsClient } from '../tools-client/tools-client.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import type { SubscriberListQuery } from './subscriber-list.query.js';
import { UnsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js';

/** An unconfirmed sign-up is removed after this many days. */
export const PENDING_SIGN_UP_DAYS = 7;

export const BAD_UNSUBSCRIBE_LINK = 'This unsubscribe link is not valid. Please use the link from your most recent email.';

@Injectable()
export class SubscribersService {
  private readonly tokens: UnsubscribeToken;
  private readonly logger = new Logger(SubscribersService.name);

  constructor(
    @InjectRepository(MarketingSubscriberEntity) private readonly subscribers: Repository<MarketingSubscriberEntity>,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly tools: ToolsClient,
  ) {
    this.tokens = new UnsubscribeToken(config.unsubscribeSecret);
  }

  /**
   * Records a sign-up given through a form, with its confirmation email when one is due, inside
   * the caller's transaction; answers the outbox rows written (to enqueue after the commit).
   */
  async record(manager: EntityManager, email: string, source: SubscriberSource): Promise<number[]> {
    const token = await recordMarketingSubscriber(manager, email, source);
    if (token === null) return [];
    return writeOutbox(manager, [confirmationEmail(email, token, source)], this.config.mail.recipientHourlyLimit);
  }

  /** Follows a confirmation link: answers the address confirmed, or null for an unknown or expired link. */
  async confirm(token: string): Promise<string | null> {
    const [rows] = await this.subscribers.query<[{ email: string }[], number]>(
      `UPDATE marketing_subscribers
          SET status = 'confirmed', confirmed_at = now(), confirmation_token_hash = NULL
        WHERE confirmation_token_hash = $1 AND status = 'pending' AND consent_at > now() - interval '${PENDING_SIGN_UP_DAYS} days'
        RETURNING email`,
      [confirmationTokenHash(token)],
    );
    return rows[0]?.email ?? null;
  }

  /** Sets the unsubscribe time once; later calls change nothing. */
  async unsubscribe(email: string, token: string): Promise<void> {
    if (!this.tokens.verify(email, token)) throw new BadRequestException(BAD_UNSUBSCRIBE_LINK);
    await this.subscribers
      .createQueryBuilder()
      .update(MarketingSubscriberEntity)
      .set({ unsubscribedAt: () => 'now()', status: 'unsubscribed', confirmationTokenHash: null })
      .where(`email = :email AND status <> 'unsubscribed'`, { email: email.toLowerCase() })
      .execute();
    // Unsubscribing from everything also stops the address's tracked questions, which the tools
    // service keeps. The unsubscribe stands even when that service does not answer (the warning is
    // logged): each tracking email also carries its own stop link.
    await this.tools.stopTracking(email).catch((error: unknown) => this.logger.warn(`Tracked questions not stopped on unsubscribe: ${String(error)}`));
  }

  unsubscribeUrl(email: string): string {
    return unsubscribeUrl(this.config, email);
  }

  /** The address's sign-up, if any (the person view). */
  async ofEmail(email: string): Promise<MarketingSubscriber | null> {
    const row = await this.subscribers.findOneBy({ email: email.toLowerCase() });
    return row ? this.toSubscriber(row) : null;
  }

  listPage(query: SubscriberListQuery): Promise<ListPage<MarketingSubscriber>> {
    return readListPage(this.sorted(query), query, (row) => this.toSubscriber(row));
  }

  /** Every confirmed subscriber the search matches (the CSV export: only they may be sent marketing). */
  async listAll(query: SubscriberListQuery): Promise<MarketingSubscriber[]> {
    const rows = await this.sorted(query).andWhere(`subscriber.status = 'confirmed'`).getMany();
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
      status: row.status,
      consentAt: row.consentAt.toISOString(),
      unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
      unsubscribeUrl: this.unsubscribeUrl(row.email),
    };
  }
}
