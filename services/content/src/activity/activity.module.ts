import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminActivityController } from './admin-activity.controller.js';
import { AdminActivityEntity } from './admin-activity.entity.js';
import { AdminActivityInterceptor } from './admin-activity.interceptor.js';
import { AdminActivityService } from './admin-activity.service.js';

/** The admin activity log: written for every admin write (the global interceptor) and by erasures, read in the panel. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([AdminActivityEntity])],
  controllers: [AdminActivityController],
  providers: [AdminActivityService, { provide: APP_INTERCEPTOR, useClass: AdminActivityInterceptor }],
  exports: [AdminActivityService],
})
export class ActivityModule {}
