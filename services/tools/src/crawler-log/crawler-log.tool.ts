import type { CrawlerLogAnalysisRecord, CrawlerLogAnswer } from '@agency/shared';
import { z } from 'zod';
import { answerType, defineTool } from '../tools/tool-definition.js';
import { CrawlerLogAnalysisEntity } from './crawler-log-analysis.entity.js';

/** What a crawler-log job carries: where the upload waits, never the log itself. */
export interface CrawlerLogPayload {
  email: string;
  /** Redis list of the upload's pieces (crawler-log-upload-store.ts); deleted once read. */
  uploadKey: string;
  /** The upload's size as received (possibly gzip). */
  uploadBytes: number;
  fileName: string | null;
  /** The visitor's site, normalised by the API (https://host/), whose robots.txt is read; or null. */
  site: string | null;
}

const payload: z.ZodType<CrawlerLogPayload> = z.object({
  email: z.string(),
  uploadKey: z.string(),
  uploadBytes: z.number(),
  fileName: z.string().nullable(),
  site: z.string().nullable(),
});

export function toCrawlerLogAnalysisRecord(row: CrawlerLogAnalysisEntity): CrawlerLogAnalysisRecord {
  return { id: row.id, email: row.email, fileName: row.fileName, site: row.site, report: row.report, reportId: row.reportId, createdAt: row.createdAt.toISOString() };
}

/**
 * The AI Crawler Log Analyzer: which AI crawlers read a site, from its access log, and whether
 * they came from their published addresses. It asks no model.
 */
export const CRAWLER_LOG_TOOL = defineTool({
  name: 'crawler-log',
  title: 'AI Crawler Log Analyzer',
  payload,
  answer: answerType<CrawlerLogAnswer>(),
  // Reading 50 MB (400 MB once inflated) takes seconds; robots.txt is read beside it.
  deadlineMs: ({ queueWaitMs }) => queueWaitMs + 60_000,
  modelCalls: () => 0,
  subscriberSource: 'ai-crawler-log-analyzer',
  record: {
    entity: CrawlerLogAnalysisEntity,
    adminPath: 'crawler-log-analyses',
    csvName: 'crawler-log-analyses',
    // The expression the trigram index holds (the crawler-log-analyses migration).
    searched: `(record.email || ' ' || coalesce(record.file_name, '') || ' ' || coalesce(record.site, ''))`,
    notFound: 'Crawler log analysis not found.',
    toRecord: toCrawlerLogAnalysisRecord,
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
    ],
    noun: ['crawler log analysis', 'crawler log analyses'],
    // The erasure sentence names it only when the person had some.
    namedWhenNone: false,
    personKey: 'crawlerLogAnalyses',
    // Staff alerts quote the uploaded file's name.
    leadQuestion: "coalesce(record.file_name, '')",
  },
});
