import { Controller, Get, Header } from '@nestjs/common';
import type { LeadsOverview } from '@agency/shared';
import { LeadsOverviewService } from './leads-overview.service.js';

@Controller('api/admin/overview/leads')
export class LeadsOverviewController {
  constructor(private readonly overview: LeadsOverviewService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  read(): Promise<LeadsOverview> {
    return this.overview.read();
  }
}
