import { Body, Controller, Delete, Get, Header, HttpCode, Param, Patch, Post, Query, Res } from '@nestjs/common';
import { csvFileName, type ContactMessage } from '@agency/shared';
import { AdminSession, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { LogActivity } from '../activity/admin-activity.interceptor.js';
import { FormRateLimit } from '../common/form-rate-limit.guard.js';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { ContactMessageListQuery } from './contact-message-list.query.js';
import { ContactMessageBulkAction, ContactMessageUpdate } from './contact-message-update.dto.js';
import { contactMessagesCsv } from './contact-messages-csv.js';
import { ContactInput } from './contact.dto.js';
import { ContactService } from './contact.service.js';

export interface ContactReceipt {
  id: number;
  createdAt: string;
  message: string;
}

@Controller('api')
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Post('contact')
  @HttpCode(201)
  @FormRateLimit('contact')
  async send(@Body() input: ContactInput): Promise<ContactReceipt> {
    const saved = await this.contact.send(input);
    return { id: saved.id, createdAt: saved.createdAt, message: "Thank you for your message! We'll get back to you soon." };
  }

  /** Admin only: the global guard protects this path. */
  @Get('contact-messages')
  async list(@Query() query: ContactMessageListQuery, @Res({ passthrough: true }) res: Response): Promise<ContactMessage[]> {
    return sendListPage(res, await this.contact.listPage(query));
  }
}

/** The lead inbox's reads and writes; every write is logged (the activity interceptor, or the bulk action itself). */
@Controller('api/admin/contact-messages')
export class AdminContactMessagesController {
  constructor(private readonly contact: ContactService) {}

  /** Every message the filters match as CSV (personal data: never cached). */
  @Get('export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async export(@Query() query: ContactMessageListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName('contact-messages', new Date())}"`);
    return contactMessagesCsv(await this.contact.listAll(query));
  }

  @Get(':id')
  findOne(@Param('id', ParseIdPipe) id: number): Promise<ContactMessage> {
    return this.contact.findOne(id);
  }

  @Patch(':id')
  @LogActivity((req) => {
    const body = req.body as ContactMessageUpdate;
    const changes = [body.status ? `status ${body.status}` : null, body.note !== undefined ? 'note' : null].filter(Boolean).join(' and ');
    return { action: 'contact-message.update', summary: `Updated contact message #${String(req.params.id)}${changes ? ` (${changes})` : ''}` };
  })
  update(@Param('id', ParseIdPipe) id: number, @Body() change: ContactMessageUpdate): Promise<ContactMessage> {
    return this.contact.update(id, change);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.contact.remove(id);
  }

  @Post('bulk')
  @HttpCode(200)
  @LogActivity(null)
  bulk(@Body() action: ContactMessageBulkAction, @AdminSession() session: string): Promise<{ affected: number }> {
    return this.contact.bulk(action.action, action.ids, session);
  }
}
