import { Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { ContactMessage } from '@agency/shared';
import { DataSource, Repository } from 'typeorm';
import { SubscribersService } from '../subscribers/subscribers.service.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import type { ContactInput } from './contact.dto.js';

function toContactMessage(entity: ContactMessageEntity): ContactMessage {
  return {
    id: entity.id,
    name: entity.name,
    email: entity.email,
    company: entity.company,
    message: entity.message,
    createdAt: entity.createdAt.toISOString(),
  };
}

@Injectable()
export class ContactService {
  constructor(
    @InjectRepository(ContactMessageEntity) private readonly messages: Repository<ContactMessageEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly subscribers: SubscribersService,
  ) {}

  /** Stores the message and the marketing consent together; the caller answers 201 only after the commit. */
  send(input: ContactInput): Promise<ContactMessage> {
    return this.dataSource.transaction(async (manager) => {
      const saved = await manager.save(
        manager.create(ContactMessageEntity, {
          name: input.name,
          email: input.email,
          company: input.company ?? null,
          message: input.message,
        }),
      );
      await this.subscribers.record(manager, input.email, 'contact');
      return toContactMessage(saved);
    });
  }

  async listNewestFirst(): Promise<ContactMessage[]> {
    const rows = await this.messages.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map(toContactMessage);
  }
}
