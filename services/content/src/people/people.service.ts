import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PersonRecords } from '@agency/shared';
import { Repository } from 'typeorm';
import { ContactMessageEntity } from '../contact/contact-message.entity.js';
import { toContactMessage } from '../contact/contact.service.js';
import { SubscribersService } from '../subscribers/subscribers.service.js';
import { ToolsClient } from '../tools-client/tools-client.js';

/**
 * One address's records: contact messages and the sign-up from this service's tables, the tool
 * records from the tools service, asked over the private network with the admin's own session.
 */
@Injectable()
export class PeopleService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly subscribers: SubscribersService,
    private readonly tools: ToolsClient,
  ) {}

  async read(email: string, cookie: string): Promise<PersonRecords> {
    const [messages, subscriber, tools] = await Promise.all([
      this.messages
        .createQueryBuilder('message')
        .where('lower(message.email) = lower(:email)', { email })
        .orderBy('message.createdAt', 'DESC')
        .addOrderBy('message.id', 'DESC')
        .getMany(),
      this.subscribers.ofEmail(email),
      this.tools.personRecords(email, cookie),
    ]);
    return { email, contactMessages: messages.map(toContactMessage), subscriber, ...tools };
  }
}
