import { Module } from '@nestjs/common';
import { SiteSearchController } from './site-search.controller.js';
import { SiteSearchService } from './site-search.service.js';

@Module({
  controllers: [SiteSearchController],
  providers: [SiteSearchService],
})
export class SiteSearchModule {}
