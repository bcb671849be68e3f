import { BadRequestException, Controller, Get, Header, HttpCode, Inject, NotFoundException, Param, Post, Req, Res, ServiceUnavailableException, UseGuards } from '@nestjs/common';
import { CRAWLER_LOG_PATH, crawlerLogReportUrl, isAuditReportId, isValidEmail, type CrawlerLogAnswer } from '@agency/shared';
import { EMAIL_MESSAGE } from '@agency/server-kit';
import type { Request, Response } from 'express';
import type { Redis } from 'ioredis';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { normaliseWebsiteUrl, WebsiteInputError } from '../website/website-url.js';
import { CrawlerLogAnalysisEntity } from './crawler-log-analysis.entity.js';
import { crawlerLogReportCsv } from './crawler-log-report-csv.js';
import { receiveCrawlerLogUpload, type ReceivedUpload } from './crawler-log-upload-intake.js';
import { CRAWLER_LOG_TOOL } from './crawler-log.tool.js';

export const CRAWLER_LOG_REPORT_NOT_FOUND = 'This crawler log report does not exist or has expired.';

@Controller(CRAWLER_LOG_PATH.slice(1))
export class CrawlerLogController {
  constructor(
    private readonly queue: ToolQueue,
    @InjectRepository(CrawlerLogAnalysisEntity) private readonly analyses: Repository<CrawlerLogAnalysisEntity>,
    @Inject(TOOLS_REDIS) private readonly redis: Redis,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /**
   * multipart/form-data: `log` (the file, plain or gzip, up to 50 MB), `email`, optionally `site`.
   * The file is streamed into Redis as it arrives (never held whole) and read by the worker.
   */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  async run(@Req() req: Request, @ProgressRequestId() progressId?: string): Promise<CrawlerLogAnswer> {
    let site: string | null = null;
    const checkFields = (fields: ReceivedUpload['fields']): void => {
      const email = fields.email?.trim() ?? '';
      if (!isValidEmail(email)) throw new BadRequestException(EMAIL_MESSAGE);
      const given = fields.site?.trim() ?? '';
      if (given === '') return;
      try {
        site = normaliseWebsiteUrl(given, this.config.siteCheck).toString();
      } catch (error) {
        if (error instanceof WebsiteInputError) throw new BadRequestException(error.message);
        throw error;
      }
    };
    const upload = await receiveCrawlerLogUpload(req, this.redis, this.config.toolDeadlineMs[CRAWLER_LOG_TOOL.name], checkFields);
    try {
      return await this.queue.run(CRAWLER_LOG_TOOL.name, {
        email: upload.fields.email!.trim(),
        uploadKey: upload.uploadKey,
        uploadBytes: upload.bytes,
        fileName: upload.fileName,
        site,
        progressId,
      });
    } catch (error) {
      // 503 (busy, restarting, the queue down) means no job was queued: nobody will read the upload.
      if (error instanceof ServiceUnavailableException) await this.redis.del(upload.uploadKey).catch(() => undefined);
      throw error;
    }
  }

  /** A stored report as JSON, or as CSV when the id ends in ".csv"; 404 when unknown or expired. Never the email. */
  @Get('reports/:file')
  @Header('X-Robots-Tag', 'noindex')
  @Header('Cache-Control', 'no-store')
  async report(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<CrawlerLogAnswer | string> {
    const csv = file.endsWith('.csv');
    const reportId = csv ? file.slice(0, -'.csv'.length) : file;
    if (!isAuditReportId(reportId)) throw new NotFoundException(CRAWLER_LOG_REPORT_NOT_FOUND);
    const row = await this.analyses.findOne({ where: { reportId } });
    const expiry = row ? row.createdAt.getTime() + this.config.auditReportDays * 86_400_000 : 0;
    if (!row || expiry <= Date.now()) throw new NotFoundException(CRAWLER_LOG_REPORT_NOT_FOUND);
    const report: CrawlerLogAnswer = { ...row.report, reportId, reportUrl: crawlerLogReportUrl(reportId) };
    if (!csv) return report;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="ai-crawler-log-${reportId}.csv"`);
    return crawlerLogReportCsv(report);
  }
}
