import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminEmailsController } from './admin-emails.controller.js';
import { OutboxEmailEntity } from './outbox-email.entity.js';
import { OutboxSender } from './outbox-sender.js';

@Module({
  imports: [TypeOrmModule.forFeature([OutboxEmailEntity])],
  controllers: [AdminEmailsController],
  providers: [OutboxSender],
  exports: [OutboxSender],
})
export class EmailModule {}
