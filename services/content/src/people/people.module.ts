import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ContactMessageEntity } from '../contact/contact-message.entity.js';
import { SubscribersModule } from '../subscribers/subscribers.module.js';
import { PeopleController } from './people.controller.js';
import { PeopleService } from './people.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([ContactMessageEntity]), SubscribersModule],
  controllers: [PeopleController],
  providers: [PeopleService],
})
export class PeopleModule {}
