import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { MarketingSubscriber } from '@agency/shared';
import type { Request, Response } from 'express';
import { sendListPage } from '@agency/server-kit';
import { DataSource } from 'typeorm';
import { FormRateLimit } from '../common/form-rate-limit.guard.js';
import { SubscriberListQuery } from './subscriber-list.query.js';
import { ConfirmationInput, NewsletterSignupInput, UnsubscribeInput } from './newsletter.dto.js';
import { OutboxSender } from '../email/outbox-sender.js';
import { renderUnsubscribePage } from './unsubscribe-page.js';
import { subscribersCsv, subscribersCsvFileName } from './subscribers-csv.js';
import { SubscribersService } from './subscribers.service.js';

@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    private readonly subscribers: SubscribersService,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly outbox: OutboxSender,
  ) {}

  /** Idempotent: signing up twice answers 201 both times and stores one subscriber. */
  @Post()
  @HttpCode(201)
  @FormRateLimit('newsletter')
  async subscribe(@Body() input: NewsletterSignupInput): Promise<{ subscribed: true }> {
    const emails = await this.dataSource.transaction((manager) => this.subscribers.record(manager, input.email, 'newsletter'));
    this.outbox.enqueue(emails);
    return { subscribed: true };
  }

  /** The confirmation email's link (double opt-in): the address counts as subscribed from here on. */
  @Get('confirm')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async confirm(@Query() link: ConfirmationInput, @Res({ passthrough: true }) res: Response): Promise<string> {
    const email = await this.subscribers.confirm(link.token);
    if (email === null) {
      res.status(404);
      return renderUnsubscribePage({ state: 'confirm-failed' });
    }
    return renderUnsubscribePage({ state: 'confirmed', email });
  }

  /** The link in emails opens a confirmation page, so that mail scanners fetching links unsubscribe nobody. */
  @Get('unsubscribe')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  confirmPage(@Query() link: UnsubscribeInput): string {
    return renderUnsubscribePage({ state: 'confirm', email: link.email, token: link.token });
  }

  /** The page's button and RFC 8058 one-click unsubscribe both post here. */
  @Post('unsubscribe')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async unsubscribe(@Query() link: UnsubscribeInput, @Req() req: Request): Promise<string | { unsubscribed: true }> {
    await this.subscribers.unsubscribe(link.email, link.token);
    if (req.accepts(['json', 'html']) === 'html') {
      req.res?.type('html');
      return renderUnsubscribePage({ state: 'done', email: link.email });
    }
    return { unsubscribed: true };
  }
}

@Controller('api/admin/subscribers')
export class AdminSubscribersController {
  constructor(private readonly subscribers: SubscribersService) {}

  /** For exporting to the mailing tool, with each subscriber's signed unsubscribe link. */
  @Get()
  async list(@Query() query: SubscriberListQuery, @Res({ passthrough: true }) res: Response): Promise<MarketingSubscriber[]> {
    return sendListPage(res, await this.subscribers.listPage(query));
  }

  /** The same list as a CSV download (personal data: never cached). */
  @Get('export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async export(@Query() query: SubscriberListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${subscribersCsvFileName(new Date())}"`);
    return subscribersCsv(await this.subscribers.listAll(query));
  }
}
