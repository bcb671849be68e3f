import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { EmailModule } from '../email/email.module.js';
import { FormRateLimitGuard } from '../common/form-rate-limit.guard.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import { AdminSubscribersController, NewsletterController } from './newsletter.controller.js';
import { SubscribersService } from './subscribers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MarketingSubscriberEntity]), EmailModule],
  controllers: [NewsletterController, AdminSubscribersController],
  providers: [SubscribersService, FormRateLimitGuard],
  exports: [SubscribersService],
})
export class SubscribersModule {}
