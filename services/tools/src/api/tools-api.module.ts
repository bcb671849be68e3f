import { type DynamicModule, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminSessionModule, createRequestPathRedis, logRedisErrors } from '@agency/server-kit';
import type { Redis } from 'ioredis';
import { ToolOverviewService } from '../admin/tool-overview.service.js';
import { ToolInternalController, InternalTicketGuard } from '../admin/tool-internal.controller.js';
import { ToolPersonDataService } from '../admin/tool-person-data.service.js';
import { ToolAdminController, toolRecordsController } from '../admin/tool-records.controller.js';
import { ToolRecordsService } from '../admin/tool-records.service.js';
import { AuditController } from '../audit/audit.controller.js';
import { AuditReports } from '../audit/audit-reports.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { TOOLS_SERVICE_ENTITIES, toolsDataSourceOptions } from '../database/data-source-options.js';
import { SemanticExpansionController } from '../semantic-expansion/semantic-expansion.controller.js';
import { HealthController } from '../health/health.controller.js';
import { ImageController } from '../image/image.controller.js';
import { CrawlerLogController } from '../crawler-log/crawler-log.controller.js';
import { GatewayCrawlerLogService } from '../admin/gateway-crawler-log.service.js';
import { ImageReports } from '../image/image-reports.js';
import { ToolProgressController } from '../progress/tool-progress.controller.js';
import { ToolProgressHub } from '../progress/tool-progress.hub.js';
import { ToolProgressStreams } from '../progress/tool-progress.streams.js';
import { JobResults } from '../queue/job-results.js';
import { QueueConnection } from '../queue/queue-connection.js';
import { QueueMetrics } from '../queue/queue-metrics.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolQueueEvents } from '../queue/tool-queue-events.js';
import { DailyModelCalls } from '../rate-limit/daily-model-calls.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { TOOLS } from '../tools/tools.js';
import { AdminTrackedQuestionsController, TrackingController } from '../tracking/tracking.controller.js';
import { TrackingService } from '../tracking/tracking.service.js';
import { TOOLS_REDIS } from './tools-redis.provider.js';

/** The tools API process: validates, enqueues, answers with the job's result. It never calls a model itself. */
@Module({})
export class ToolsApiModule implements OnApplicationShutdown {
  constructor(@Inject(TOOLS_REDIS) private readonly redis: Redis) {}

  onApplicationShutdown(): void {
    this.redis.disconnect();
  }

  static forRoot(config: ToolsConfig): DynamicModule {
    return {
      module: ToolsApiModule,
      // Global, exporting TOOLS_REDIS: the admin-session module shares that connection.
      global: true,
      exports: [TOOLS_REDIS],
      imports: [
        AdminSessionModule.forRoot({ publicSiteUrl: config.publicSiteUrl, redis: TOOLS_REDIS }),
        TypeOrmModule.forRoot({
          ...toolsDataSourceOptions(config.databaseUrl),
          // Tests retry a little too: a loaded machine can take longer than the pool's connect timeout.
          retryAttempts: config.environment === 'test' ? 3 : 10,
          retryDelay: config.environment === 'test' ? 500 : 2000,
        }),
        TypeOrmModule.forFeature(TOOLS_SERVICE_ENTITIES),
      ],
      // The cross-tool admin routes come before the per-tool ones, whose /:id would otherwise take them.
      controllers: [AuditController, SemanticExpansionController, ImageController, CrawlerLogController, ToolProgressController, ToolAdminController, ToolInternalController, TrackingController, AdminTrackedQuestionsController, ...TOOLS.map((tool) => toolRecordsController(tool)), HealthController],
      providers: [
        { provide: TOOLS_CONFIG, useValue: config },
        {
          provide: TOOLS_REDIS,
          useFactory: () => {
            const redis = createRequestPathRedis(config.redisUrl, 'tools-api');
            const logger = new Logger('Redis');
            logRedisErrors(redis, (message) => logger.warn(message));
            return redis;
          },
        },
        AuditReports,
        ImageReports,
        ToolProgressHub,
        ToolProgressStreams,
        QueueConnection,
        JobResults,
        ToolQueueEvents,
        ToolQueue,
        ToolRateLimitGuard,
        DailyModelCalls,
        QueueMetrics,
        ToolRecordsService,
        ToolOverviewService,
        ToolPersonDataService,
        InternalTicketGuard,
        GatewayCrawlerLogService,
        TrackingService,
      ],
    };
  }
}
