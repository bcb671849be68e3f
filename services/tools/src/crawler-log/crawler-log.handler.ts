import { randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { crawlerLogReportUrl, type CrawlerRobotsReport } from '@agency/shared';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import type { ToolJobResult } from '../jobs/tool-jobs.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';
import { analyseCrawlerLog, LogRefusal } from './crawler-log-analysis.js';
import { crawlerRobotsReport } from './crawler-log-robots.js';
import { CRAWLER_LOG_TOOL } from './crawler-log.tool.js';
import { CrawlerLogUploadReader } from './crawler-log-upload-store.js';

export const LOG_NOT_RECEIVED = 'No log was received, or it expired before it could be read. Please upload it again.';

/**
 * Reads the visitor's uploaded log piece by piece from Redis (never whole), with the site's
 * robots.txt beside it, stores the report (never the log) and deletes the upload.
 */
@Injectable()
export class CrawlerLogHandler implements ToolJobHandler<'crawler-log'> {
  constructor(
    private readonly records: ToolRecords,
    private readonly uploads: CrawlerLogUploadReader,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  async handle(job: ToolJob<'crawler-log'>, { signal }: ToolJobContext): Promise<ToolJobResult<'crawler-log'>> {
    const { uploadKey, site } = job.data;
    if (!(await this.uploads.exists(uploadKey))) return { ok: false, status: 400, message: LOG_NOT_RECEIVED };
    const robots: Promise<CrawlerRobotsReport | null> = site
      ? crawlerRobotsReport(
          new URL(site),
          {
            userAgent: `AgenticAgencySiteCheck/1.0 (+${this.config.publicSiteUrl}/ai-crawler-log-analyzer)`,
            testOnlyAllowPrivateAddresses: this.config.siteCheck.testOnlyAllowPrivateAddresses,
            testOnlyAllowedPorts: this.config.siteCheck.testOnlyAllowedPorts,
          },
          signal,
        ).catch((): CrawlerRobotsReport => ({ site: new URL(site).origin, status: 'unreachable', problem: 'robots.txt could not be read in time.', groups: [] }))
      : Promise.resolve(null);
    let report;
    try {
      report = { ...(await analyseCrawlerLog(this.uploads.pieces(uploadKey), { signal })), robots: await robots };
    } catch (error) {
      if (!(error instanceof LogRefusal)) throw error;
      await robots;
      await this.uploads.discard(uploadKey);
      return { ok: false, status: error.status, message: error.message };
    }
    const { email, fileName, site: storedSite } = job.data;
    await this.records.store(CRAWLER_LOG_TOOL, {
      jobId: job.id,
      email,
      question: fileName ?? '',
      values: { email, fileName, site: storedSite, lines: report.lines, aiRequests: report.aiRequests, report, reportId: randomBytes(16).toString('base64url') },
    });
    const reportId = (await this.records.storedBy(CRAWLER_LOG_TOOL, job.id)).reportId;
    await this.uploads.discard(uploadKey);
    return { ok: true, answer: { ...report, reportId, reportUrl: crawlerLogReportUrl(reportId) } };
  }
}
