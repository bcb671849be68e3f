import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { ContactMessage } from '@agency/shared';
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
  async send(@Body() input: ContactInput): Promise<ContactReceipt> {
    const saved = await this.contact.send(input);
    return { id: saved.id, createdAt: saved.createdAt, message: "Thank you for your message! We'll get back to you soon." };
  }

  /** Admin only: the global guard protects this path. */
  @Get('contact-messages')
  list(): Promise<ContactMessage[]> {
    return this.contact.listNewestFirst();
  }
}
