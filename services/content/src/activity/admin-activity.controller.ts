import { Controller, Get, Query, Res } from '@nestjs/common';
import type { AdminActivityEntry } from '@agency/shared';
import { AdminListQuery, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { AdminActivityService } from './admin-activity.service.js';

@Controller('api/admin/activity')
export class AdminActivityController {
  constructor(private readonly activity: AdminActivityService) {}

  @Get()
  async list(@Query() query: AdminListQuery, @Res({ passthrough: true }) res: Response): Promise<AdminActivityEntry[]> {
    return sendListPage(res, await this.activity.listPage(query));
  }
}
