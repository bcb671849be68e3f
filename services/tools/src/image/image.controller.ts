import { Body, Controller, Get, Header, HttpCode, HttpException, Inject, Param, Post, Res, ServiceUnavailableException, UseGuards } from '@nestjs/common';
import type { ImageReport } from '@agency/shared';
import type { Response } from 'express';
import type { Redis } from 'ioredis';
import { TOOLS_REDIS } from '../api/tools-redis.provider.js';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import type { ImageAnswer } from '../jobs/tool-jobs.js';
import { ProgressRequestId } from '../progress/progress-request-id.decorator.js';
import { QUEUE_DOWN_MESSAGE, ToolQueue } from '../queue/tool-queue.js';
import { ToolRateLimitGuard } from '../rate-limit/tool-rate-limit.guard.js';
import { ImageInput } from './image.dto.js';
import { claimImageUpload } from './image-upload-store.js';
import { imageReportCsv } from './image-report-csv.js';
import { ImageReports } from './image-reports.js';

@Controller('api/analyze-image')
export class ImageController {
  constructor(
    private readonly queue: ToolQueue,
    private readonly reports: ImageReports,
    @Inject(TOOLS_REDIS) private readonly redis: Redis,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /**
   * The upload was checked (size, magic bytes, header dimensions) and stored on the body-decoding
   * thread (image-upload-intake.ts); its answer is read here, after the rate limit and validation,
   * so refusals come in the same order as for every other tool. Decoding and resizing happen in the worker.
   */
  @Post()
  @HttpCode(200)
  @UseGuards(ToolRateLimitGuard)
  async run(@Body() input: ImageInput, @ProgressRequestId() progressId?: string): Promise<ImageAnswer> {
    const ticket = input.imageBase64.answer;
    if ('refused' in ticket) throw new HttpException(ticket.refused.message, ticket.refused.status);
    if ('storeUnavailable' in ticket || !(await claimImageUpload(this.redis, ticket.uploadKey, this.config.toolDeadlineMs.image))) {
      throw new ServiceUnavailableException(QUEUE_DOWN_MESSAGE);
    }
    return this.queue.run('image', { email: input.email, uploadKey: ticket.uploadKey, progressId });
  }

  /** A stored report as JSON, or as CSV when the id ends in ".csv"; 404 when unknown or expired. */
  @Get('reports/:file')
  @Header('X-Robots-Tag', 'noindex')
  @Header('Cache-Control', 'no-store')
  async report(@Param('file') file: string, @Res({ passthrough: true }) res: Response): Promise<ImageReport | string> {
    const csv = file.endsWith('.csv');
    const report = await this.reports.find(csv ? file.slice(0, -'.csv'.length) : file);
    if (!csv) return report;
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="ai-image-reader-${report.reportId}.csv"`);
    return imageReportCsv(report);
  }
}
