import { ConflictException, Controller, Get, HttpCode, NotFoundException, Param, Post, Query, Res } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { OutboxEmail } from '@agency/shared';
import { containsPattern, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { OutboxEmailEntity } from './outbox-email.entity.js';
import { OutboxListQuery } from './outbox-list.query.js';
import { OutboxSender } from './outbox-sender.js';

export const EMAIL_NOT_FOUND = 'Email not found.';

function toOutboxEmail(row: OutboxEmailEntity): OutboxEmail {
  return {
    id: Number(row.id),
    to: row.to,
    subject: row.subject,
    kind: row.kind,
    channel: row.channel,
    status: row.status,
    ...(row.error ? { error: row.error } : {}),
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    ...(row.sentAt ? { sentAt: row.sentAt.toISOString() } : {}),
  };
}

@Controller('api/admin/emails')
export class AdminEmailsController {
  constructor(
    @InjectRepository(OutboxEmailEntity) private readonly emails: Repository<OutboxEmailEntity>,
    private readonly sender: OutboxSender,
  ) {}

  /** The outbox, newest first: emails and webhook deliveries, queued, sent or failed. */
  @Get()
  async list(@Query() query: OutboxListQuery, @Res({ passthrough: true }) res: Response): Promise<OutboxEmail[]> {
    const rows = this.emails.createQueryBuilder('email');
    if (query.q) {
      rows.andWhere(`(email.to_address || ' ' || email.subject || ' ' || email.kind || ' ' || coalesce(email.person_email, '')) ILIKE :q`, {
        q: containsPattern(query.q),
      });
    }
    if (query.status) rows.andWhere('email.status = :status', { status: query.status });
    if (query.channel) rows.andWhere('email.channel = :channel', { channel: query.channel });
    rows.orderBy('email.createdAt', 'DESC').addOrderBy('email.id', 'DESC');
    return sendListPage(res, await readListPage(rows, query, toOutboxEmail));
  }

  /** Sends a failed or waiting email again now. */
  @Post(':id/retry')
  @HttpCode(202)
  async retry(@Param('id', ParseIdPipe) id: number): Promise<{ queued: true }> {
    const row = await this.emails.findOneBy({ id: String(id) });
    if (!row) throw new NotFoundException(EMAIL_NOT_FOUND);
    if (row.status === 'sent') throw new ConflictException('This email was already sent.');
    await this.sender.retry(id);
    return { queued: true };
  }
}
