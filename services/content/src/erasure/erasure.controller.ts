import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import type { ErasureReceipt } from '@agency/shared';
import { AdminSession } from '@agency/server-kit';
import { LogActivity } from '../activity/admin-activity.interceptor.js';
import { ErasureRequest } from './erasure.dto.js';
import { PersonErasureService } from './person-erasure.service.js';

@Controller('api/admin/erasures')
export class ErasureController {
  constructor(private readonly erasure: PersonErasureService) {}

  /** "Erase person": logged by the erasure itself, in its transaction. */
  @Post()
  @HttpCode(200)
  @LogActivity(null)
  erase(@Body() request: ErasureRequest, @AdminSession() session: string): Promise<ErasureReceipt> {
    return this.erasure.erase(request.email, session);
  }
}
