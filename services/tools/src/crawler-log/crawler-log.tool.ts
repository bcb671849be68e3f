import { CrawlerLogHandler } from './crawler-log.handler.js';
import { CRAWLER_LOG_JOB } from './crawler-log.job.js';
import { CRAWLER_LOG_RECORD } from './crawler-log.record.js';

/**
 * The AI Crawler Log Analyzer, as one definition: its job (name, data, deadline, model calls),
 * the worker's handler, its stored record in the admin, its subscribers' source and what erasure
 * removes. The job and record parts live in files of their own so that the API side can read them
 * without importing the worker's handler.
 */
export const CRAWLER_LOG_TOOL = {
  ...CRAWLER_LOG_JOB,
  handler: CrawlerLogHandler,
  record: CRAWLER_LOG_RECORD,
  subscriberSource: CRAWLER_LOG_RECORD.subscriberSource,
  erasure: { emailColumn: 'email', receiptKey: 'crawlerLogAnalyses' },
} as const;
