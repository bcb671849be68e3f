import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ContactBulkAction, ContactMessage } from '@agency/shared';
import { containsPattern, dayRange, leadWebhook, type ListPage, type OutboxEntry, recordMarketingSubscriber, writeOutbox } from '@agency/server-kit';
import { OutboxSender } from '../email/outbox-sender.js';
import { DataSource, In, Repository, type SelectQueryBuilder } from 'typeorm';
import { AdminActivityService } from '../activity/admin-activity.service.js';
import { readListPage } from '../common/admin-list-page.js';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactMessageListQuery } from './contact-message-list.query.js';
import type { ContactMessageUpdate } from './contact-message-update.dto.js';
import type { ContactInput } from './contact.dto.js';

export const CONTACT_MESSAGE_NOT_FOUND = 'Contact message not found.';

/** The expression contact_messages_search_idx indexes (trigrams): the search box looks in every field the sender wrote. */
const SEARCHED_TEXT = `(message.name || ' ' || message.email || ' ' || coalesce(message.company, '') || ' ' || message.message)`;

export function toContactMessage(entity: ContactMessageEntity): ContactMessage {
  return {
    id: entity.id,
    name: entity.name,
    email: entity.email,
    company: entity.company,
    message: entity.message,
    createdAt: entity.createdAt.toISOString(),
    status: entity.status,
    note: entity.note,
    updatedAt: entity.updatedAt.toISOString(),
  };
}

const BULK_STATUS: Record<Exclude<ContactBulkAction, 'delete'>, 'handled' | 'archived'> = { 'mark-handled': 'handled', archive: 'archived' };
const BULK_VERB: Record<ContactBulkAction, string> = { 'mark-handled': 'Marked {n} handled', archive: 'Archived {n}', delete: 'Deleted {n}' };

function messagesCount(count: number): string {
  return count === 1 ? '1 contact message' : `${count.toLocaleString('en-GB')} contact messages`;
}

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
    private readonly activity: AdminActivityService,
    private readonly outbox: OutboxSender,
  ) {}

  /**
   * Stores the message and the marketing consent together; the caller answers 201 only after the
   * commit. The same message from the same address within the duplicate window is stored once:
   * the repeat gets the first one back. A transaction-scoped lock on the address makes two
   * identical posts arriving together wait for each other instead of both inserting.
   */
  async send(input: ContactInput): Promise<ContactMessage> {
    const { message, emails } = await this.dataSource.transaction(async (manager) => {
      await manager.query(`SELECT pg_advisory_xact_lock(hashtext('contact:' || lower($1)))`, [input.email]);
      const earlier = await manager
        .createQueryBuilder(ContactMessageEntity, 'message')
        .where('lower(message.email) = lower(:email)', { email: input.email })
        .andWhere('message.createdAt > now() - make_interval(secs => :window)', { window: this.config.forms.duplicateWindowSeconds })
        .andWhere('message.message = :text', { text: input.message })
        .orderBy('message.createdAt', 'DESC')
        .getOne();
      if (earlier) return { message: toContactMessage(earlier), emails: [] };
      const saved = await manager.save(
        manager.create(ContactMessageEntity, {
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          message: input.message,
        }),
      );
      // The acknowledgement carries the sign-up's confirmation link, so the sender gets one email, not two.
      const confirmationToken = await recordMarketingSubscriber(manager, input.email, 'contact');
      const written = await writeOutbox(manager, this.contactEmails(saved, confirmationToken), this.config.mail.recipientHourlyLimit);
      return { message: toContactMessage(saved), emails: written };
    });
    this.outbox.enqueue(emails);
    return message;
  }

  /** The staff alert (unless staff read an hourly digest), the sender's acknowledgement and the CRM webhook. */
  private contactEmails(saved: ContactMessageEntity, confirmationToken: string | null): OutboxEntry[] {
    const mail = this.config.mail;
    const details = { messageId: saved.id, name: saved.name, email: saved.email, company: saved.company, message: saved.message };
    const entries: OutboxEntry[] = [];
    if (mail.staffNotifyEmail && mail.staffAlerts === 'instant') {
      entries.push({
        key: `contact:${saved.id}:staff`,
        kind: 'staff-contact',
        to: mail.staffNotifyEmail,
        subject: `New contact message from ${saved.name.slice(0, 80)}`,
        personEmail: saved.email,
        payload: details,
        limited: false,
      });
    }
    entries.push({
      key: `contact:${saved.id}:acknowledgement`,
      kind: 'contact-acknowledgement',
      to: saved.email,
      subject: 'We have your message',
      personEmail: saved.email,
      payload: { name: saved.name, message: saved.message, confirmationToken },
      limited: true,
    });
    if (mail.leadWebhookUrl) entries.push(leadWebhook(mail.leadWebhookUrl, `contact:${saved.id}`, 'contact', saved.email, { ...details, createdAt: saved.createdAt.toISOString() }));
    return entries;
  }

  listPage(query: ContactMessageListQuery): Promise<ListPage<ContactMessage>> {
    const rows = this.filtered(query);
    const direction = query.sort === 'oldest' ? 'ASC' : 'DESC';
    rows.orderBy('message.createdAt', direction).addOrderBy('message.id', direction);
    return readListPage(rows, query, toContactMessage);
  }

  /** Every message the filters match, newest first (the CSV export). */
  async listAll(query: ContactMessageListQuery): Promise<ContactMessage[]> {
    const rows = await this.filtered(query).orderBy('message.createdAt', 'DESC').addOrderBy('message.id', 'DESC').getMany();
    return rows.map(toContactMessage);
  }

  async findOne(id: number): Promise<ContactMessage> {
    const row = await this.messages.findOneBy({ id });
    if (!row) throw new NotFoundException(CONTACT_MESSAGE_NOT_FOUND);
    return toContactMessage(row);
  }

  update(id: number, change: ContactMessageUpdate): Promise<ContactMessage> {
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(ContactMessageEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!row) throw new NotFoundException(CONTACT_MESSAGE_NOT_FOUND);
      if (change.status !== undefined) row.status = change.status;
      if (change.note !== undefined) row.note = change.note === null || change.note === '' ? null : change.note;
      return toContactMessage(await manager.save(row));
    });
  }

  async remove(id: number): Promise<void> {
    const result = await this.messages.delete({ id });
    if (!result.affected) throw new NotFoundException(CONTACT_MESSAGE_NOT_FOUND);
  }

  /** One action on many messages, logged with the change in one transaction; ids that no longer exist are skipped and not counted. */
  bulk(action: ContactBulkAction, ids: number[], session: string): Promise<{ affected: number }> {
    return this.dataSource.transaction(async (manager) => {
      const unique = [...new Set(ids)];
      const result =
        action === 'delete'
          ? await manager.delete(ContactMessageEntity, { id: In(unique) })
          : await manager.update(ContactMessageEntity, { id: In(unique) }, { status: BULK_STATUS[action] });
      const affected = result.affected ?? 0;
      const summary = BULK_VERB[action].replace('{n}', messagesCount(affected));
      await this.activity.record(manager, session, `contact-message.bulk-${action}`, summary);
      return { affected };
    });
  }

  private filtered(query: ContactMessageListQuery): SelectQueryBuilder<ContactMessageEntity> {
    const rows = this.messages.createQueryBuilder('message');
    if (query.q) rows.andWhere(`${SEARCHED_TEXT} ILIKE :q`, { q: containsPattern(query.q) });
    if (query.status) rows.andWhere('message.status = :status', { status: query.status });
    const { from, until } = dayRange(query);
    if (from) rows.andWhere('message.createdAt >= :from', { from });
    if (until) rows.andWhere('message.createdAt < :until', { until });
    return rows;
  }
}
