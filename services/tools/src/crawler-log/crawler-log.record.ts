import type { CrawlerLogAnalysisRecord } from '@agency/shared';
import { CrawlerLogAnalysisEntity } from './crawler-log-analysis.entity.js';

/**
 * How the admin lists, searches, shows and exports the stored runs. The search expression is the
 * one the trigram index holds (the crawler-log-analyses migration).
 */
export const CRAWLER_LOG_RECORD = {
  entity: CrawlerLogAnalysisEntity,
  adminPath: 'crawler-log-analyses',
  csvName: 'crawler-log-analyses',
  /** The marketing subscribers' source of its leads. */
  subscriberSource: 'ai-crawler-log-analyzer',
  searched: `(record.email || ' ' || coalesce(record.file_name, '') || ' ' || coalesce(record.site, ''))`,
  toRecord: (row: CrawlerLogAnalysisEntity): CrawlerLogAnalysisRecord => ({ id: row.id, email: row.email, fileName: row.fileName, site: row.site, report: row.report, reportId: row.reportId, createdAt: row.createdAt.toISOString() }),
  csvColumns: [
    ['id', (record) => String(record.id)],
    ['submitted_at', (record) => record.createdAt],
    ['email', (record) => record.email],
    ['file_name', (record) => record.fileName ?? ''],
    ['site', (record) => record.site ?? ''],
    ['lines', (record) => String(record.report.lines)],
    ['skipped', (record) => String(record.report.skipped)],
    ['from', (record) => record.report.from ?? ''],
    ['to', (record) => record.report.to ?? ''],
    ['ai_requests', (record) => String(record.report.aiRequests)],
    ['agents', (record) => record.report.agents.map((agent) => `${agent.agent}: ${agent.requests}`).join('; ')],
    ['impostors', (record) => String(record.report.agents.reduce((sum, agent) => sum + (agent.impostors ?? 0), 0))],
    ['top_pages', (record) => record.report.topPages.slice(0, 5).map((page) => page.path).join(' ')],
  ] as const satisfies readonly (readonly [string, (record: CrawlerLogAnalysisRecord) => string])[],
} as const;
