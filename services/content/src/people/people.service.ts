import { HttpException, Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { PersonRecords, PersonToolRecords } from '@agency/shared';
import { Repository } from 'typeorm';
import { CONTENT_CONFIG } from '../config/content-config.provider.js';
import type { ContentConfig } from '../config/content-config.js';
import { ContactMessageEntity } from '../contact/contact-message.entity.js';
import { toContactMessage } from '../contact/contact.service.js';
import { SubscribersService } from '../subscribers/subscribers.service.js';

export const TOOLS_UNAVAILABLE = "The tools service did not answer, so this person's tool records cannot be shown. Please try again in a moment.";
const TOOLS_DEADLINE_MS = 5000;

/**
 * One address's records: contact messages and the sign-up from this service's tables, the tool
 * records from the tools service, asked over the private network with the admin's own session.
 */
@Injectable()
export class PeopleService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    private readonly subscribers: SubscribersService,
    @Inject(CONTENT_CONFIG) private readonly config: ContentConfig,
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
      this.toolRecords(email, cookie),
    ]);
    return { email, contactMessages: messages.map(toContactMessage), subscriber, ...tools };
  }

  private async toolRecords(email: string, cookie: string): Promise<PersonToolRecords> {
    let response: Response;
    try {
      response = await fetch(`${this.config.toolsUrl}/api/admin/people/tool-records?${new URLSearchParams({ email }).toString()}`, {
        headers: { cookie, accept: 'application/json' },
        signal: AbortSignal.timeout(TOOLS_DEADLINE_MS),
      });
    } catch {
      throw new ServiceUnavailableException(TOOLS_UNAVAILABLE);
    }
    if (response.ok) return (await response.json()) as PersonToolRecords;
    // The tools service's own refusal (an ended session, say) reaches the admin as it was given.
    if (response.status >= 400 && response.status < 500) {
      const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
      throw new HttpException(typeof body?.message === 'string' ? body.message : TOOLS_UNAVAILABLE, response.status);
    }
    throw new ServiceUnavailableException(TOOLS_UNAVAILABLE);
  }
}
