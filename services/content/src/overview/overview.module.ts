import { Module } from '@nestjs/common';
import { LeadsOverviewController } from './leads-overview.controller.js';
import { LeadsOverviewService } from './leads-overview.service.js';

@Module({ controllers: [LeadsOverviewController], providers: [LeadsOverviewService] })
export class OverviewModule {}
