import { Body, Controller, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AdminLoginInput } from './admin-login.dto.js';
import { AdminAuthService } from './admin-auth.service.js';

@Controller('api/admin')
export class AdminAuthController {
  constructor(private readonly auth: AdminAuthService) {}

  @Post('login')
  @HttpCode(204)
  async login(@Body() input: AdminLoginInput, @Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    await this.auth.login(req, res, input.password);
  }

  /** Reached only with a valid session (the global guard); destroys it server-side. */
  @Post('logout')
  @HttpCode(204)
  logout(@Req() req: Request, @Res({ passthrough: true }) res: Response): Promise<void> {
    return this.auth.logout(req, res);
  }

  /** Reached only with a valid session (the global guard). */
  @Get('session')
  session(): { authenticated: true } {
    return { authenticated: true };
  }
}
