import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FormRateLimitGuard } from '../common/form-rate-limit.guard.js';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import { AdminSubscribersController, NewsletterController } from './newsletter.controller.js';
import { SubscribersService } from './subscribers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MarketingSubscriberEntity])],
  controllers: [NewsletterController, AdminSubscribersController],
  providers: [SubscribersService, FormRateLimitGuard],
  exports: [SubscribersService],
})
export class SubscribersModule {}
