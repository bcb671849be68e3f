import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { ErasureReceipt } from '@agency/shared';
import { AdminSession } from '@agency/server-kit';
import type { Request } from 'express';
import { LogActivity } from '../activity/admin-activity.interceptor.js';
import { ErasureRequest } from './erasure.dto.js';
import { PersonErasureService } from './person-erasure.service.js';

@Controller('api/admin/erasures')
export class ErasureController {
  constructor(private readonly erasure: PersonErasureService) {}

  /** "Erase person": logged by the erasure itself, in its transaction. The tools service's part is asked with the admin's own session. */
  @Post()
  @HttpCode(200)
  @LogActivity(null)
  erase(@Body() request: ErasureRequest, @AdminSession() session: string, @Req() req: Request): Promise<ErasureReceipt> {
    return this.erasure.erase(request.email, session, req.headers.cookie ?? '');
  }
}
