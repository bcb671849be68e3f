import { Module } from '@nestjs/common';
import { AdminAuthController } from './admin-auth.controller.js';
import { AdminAuthService } from './admin-auth.service.js';

@Module({
  controllers: [AdminAuthController],
  providers: [AdminAuthService],
})
export class AuthModule {}
