import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailModule } from '../email/email.module.js';
import { FormRateLimitGuard } from '../common/form-rate-limit.guard.js';
import { SubscribersModule } from '../subscribers/subscribers.module.js';
import { ContactMessageEntity } from './contact-message.entity.js';
import { AdminContactMessagesController, ContactController } from './contact.controller.js';
import { ContactService } from './contact.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), SubscribersModule, EmailModule],
  controllers: [ContactController, AdminContactMessagesController],
  providers: [ContactService, FormRateLimitGuard],
})
export class ContactModule {}
