import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MarketingSubscriberEntity } from './marketing-subscriber.entity.js';
import { AdminSubscribersController, NewsletterController } from './newsletter.controller.js';
import { SubscribersService } from './subscribers.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MarketingSubscriberEntity])],
  controllers: [NewsletterController, AdminSubscribersController],
  providers: [SubscribersService],
  exports: [SubscribersService],
})
export class SubscribersModule {}
