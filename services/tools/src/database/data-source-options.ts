import type { DataSourceOptions } from 'typeorm';
import { TOOLS } from '../tools/tools.js';
import { TrackedQuestionEntity } from '../tracking/tracked-question.entity.js';
import { TrackedRunEntity } from '../tracking/tracked-run.entity.js';
import { ToolsSchema1763913600000 } from './migrations/1763913600000-tools-schema.js';
import { AuditCitations1767225600000 } from './migrations/1767225600000-audit-citations.js';
import { AuditUsage1767312000000 } from './migrations/1767312000000-audit-usage.js';
import { AuditReports1767398400000 } from './migrations/1767398400000-audit-reports.js';
import { ToolRecordSearch1767484800000 } from './migrations/1767484800000-tool-record-search.js';
import { ImageAnalyses1767571200000 } from './migrations/1767571200000-image-analyses.js';
import { AuditCompetitors1768100000000 } from './migrations/1768100000000-audit-competitors.js';
import { ImageReports1768200000000 } from './migrations/1768200000000-image-reports.js';
import { AuditEndings1768500000000 } from './migrations/1768500000000-audit-endings.js';
import { CrawlerLogAnalyses1769100000000 } from './migrations/1769100000000-crawler-log-analyses.js';
import { AuditInsights1769200000000 } from './migrations/1769200000000-audit-insights.js';
import { TrackedQuestions1769300000000 } from './migrations/1769300000000-tracked-questions.js';

/** Each tool's record entity: the worker writes and the admin reads through them. */
export const TOOLS_ENTITIES = TOOLS.map((tool) => tool.record.entity);

/** Every entity of the service: the tools' records and the tracked questions with their runs. */
export const TOOLS_SERVICE_ENTITIES = [...TOOLS_ENTITIES, TrackedQuestionEntity, TrackedRunEntity];

/**
 * The tools service shares the site's database but owns its tables and its migration history
 * (`tools_migrations`). It writes marketing_subscribers, which the content service's migrations create.
 */
export function toolsDataSourceOptions(databaseUrl: string, poolSize = 10): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    entities: TOOLS_SERVICE_ENTITIES,
    migrations: [
      ToolsSchema1763913600000,
      AuditCitations1767225600000,
      AuditUsage1767312000000,
      AuditReports1767398400000,
      ToolRecordSearch1767484800000,
      ImageAnalyses1767571200000,
      AuditCompetitors1768100000000,
      ImageReports1768200000000,
      AuditEndings1768500000000,
      CrawlerLogAnalyses1769100000000,
      AuditInsights1769200000000,
      TrackedQuestions1769300000000,
    ],
    migrationsTableName: 'tools_migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: ['error', 'warn', 'migration'],
    extra: { max: poolSize, connectionTimeoutMillis: 2000, idleTimeoutMillis: 30_000, statement_timeout: 10_000 },
  };
}
