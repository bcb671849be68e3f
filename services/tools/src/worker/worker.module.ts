import { type DynamicModule, Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { DataSource } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { toolsDataSourceOptions } from '../database/data-source-options.js';
import { ToolRecords } from '../database/tool-records.js';
import { ImageUploadReader } from '../image/image-upload-store.js';
import { CrawlerLogUploadReader } from '../crawler-log/crawler-log-upload-store.js';
import { blockingConnectionOptions } from '../jobs/redis-connections.js';
import { TOOLS_QUEUE } from '../jobs/tool-jobs.js';
import { createProviders, ModelFleet } from '../models/model-fleet.js';
import { TrackedRunProcessor } from '../tracking/tracked-run.processor.js';
import { SiteCrawler } from '../website/site-crawler.js';
import { groundingLinksFor } from './grounding-links.provider.js';
import { siteCrawlerFor } from './site-crawler.provider.js';
import { TOOL_JOB_HANDLERS, type ToolJobHandlers } from './tool-job-handler.js';
import { TOOL_JOB_HANDLER_CLASSES } from './tool-job-handlers.js';
import { configuredToolJobsProcessor } from './tool-jobs.processor.js';

/** The worker process's root module: the job handlers and their processor, no HTTP. */
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
        { provide: ToolRecords, inject: [DataSource], useFactory: (dataSource: DataSource) => new ToolRecords(dataSource, { outbox: config.outbox, publicSiteUrl: config.publicSiteUrl }) },
        { provide: ModelFleet, useFactory: () => new ModelFleet(createProviders(config, groundingLinksFor(config)), config.modelDeadlineMs) },
        { provide: SiteCrawler, useFactory: () => siteCrawlerFor(config) },
        { provide: ImageUploadReader, useFactory: () => new ImageUploadReader(config.redisUrl) },
        { provide: CrawlerLogUploadReader, useFactory: () => new CrawlerLogUploadReader(config.redisUrl) },
        ...Object.values(TOOL_JOB_HANDLER_CLASSES),
        {
          provide: TOOL_JOB_HANDLERS,
          inject: Object.values(TOOL_JOB_HANDLER_CLASSES),
          useFactory: (...handlers: unknown[]): ToolJobHandlers =>
            Object.fromEntries(Object.keys(TOOL_JOB_HANDLER_CLASSES).map((name, index) => [name, handlers[index]])) as ToolJobHandlers,
        },
        configuredToolJobsProcessor(config),
        TrackedRunProcessor,
      ],
    };
  }
}
