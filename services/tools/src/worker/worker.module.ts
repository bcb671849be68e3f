import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { toolsDataSourceOptions } from '../database/data-source-options.js';
import { ToolRecords } from '../database/tool-records.js';
import { TOOLS_QUEUE } from '../jobs/tool-jobs.js';
import { createProviders, ModelFleet } from '../models/model-fleet.js';
import { blockingConnectionOptions } from '../queue/tool-queue.js';
import { siteCrawlerFor } from './site-crawler.provider.js';
import { SiteCrawler } from '../website/site-crawler.js';
import { configuredToolsProcessor } from './tools.processor.js';

/** The worker process's root module: processors only, no HTTP. */
@Module({})
export class WorkerModule {
  static forRoot(config: ToolsConfig): DynamicModule {
    return {
      module: WorkerModule,
      imports: [
        BullModule.forRoot({ connection: blockingConnectionOptions(config.redisUrl) }),
        BullModule.registerQueue({ name: TOOLS_QUEUE }),
      ],
      providers: [
        { provide: TOOLS_CONFIG, useValue: config },
        {
          provide: DataSource,
          useFactory: () => new DataSource(toolsDataSourceOptions(config.databaseUrl, 10)).initialize(),
        },
        { provide: ToolRecords, inject: [DataSource], useFactory: (dataSource: DataSource) => new ToolRecords(dataSource) },
        { provide: ModelFleet, useFactory: () => new ModelFleet(createProviders(config), config.modelDeadlineMs) },
        { provide: SiteCrawler, useFactory: () => siteCrawlerFor(config) },
        configuredToolsProcessor(config),
      ],
    };
  }
}
