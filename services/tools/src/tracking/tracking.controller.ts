import { Body, Controller, Get, Header, HttpCode, NotFoundException, Param, Patch, Post, Query, Req, Res } from '@nestjs/common';
import { auditReportUrl, TRACKING_ACCEPTED_MESSAGE, type TrackedQuestionDetail, type TrackedQuestionRecord } from '@agency/shared';
import { sendListPage } from '@agency/server-kit';
import type { Request, Response } from 'express';
import { RecordIdPipe } from '../admin/record-id.pipe.js';
import { AuditReports } from '../audit/audit-reports.js';
import { trendCsv } from './trend-csv.js';
import { TrackedQuestionListQuery, TrackedQuestionStatusInput, TrackingInput, TrackingTokenQuery } from './tracking.dto.js';
import { renderTrackingPage } from './tracking-pages.js';
import { TrackingService } from './tracking.service.js';

/** "Track this question" on a stored audit report, and the links of its emails. */
@Controller('api/llm-query/reports/:reportId/tracking')
export class TrackingController {
  constructor(
    private readonly tracking: TrackingService,
    private readonly reports: AuditReports,
  ) {}

  /** 202: nothing runs until the visitor follows the emailed link. */
  @Post()
  @HttpCode(202)
  @Header('Cache-Control', 'no-store')
  async track(@Param('reportId') reportId: string, @Body() input: TrackingInput): Promise<{ message: string }> {
    await this.tracking.request(reportId, input.email, input.cadence);
    return { message: TRACKING_ACCEPTED_MESSAGE };
  }

  /** The trend of the report's tracked question as CSV (the audit alone when nobody tracks it). */
  @Get('trend.csv')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  async trendCsv(@Param('reportId') reportId: string, @Res({ passthrough: true }) res: Response): Promise<string> {
    const report = await this.reports.find(reportId);
    res.setHeader('Content-Disposition', `attachment; filename="ai-search-audit-trend-${report.reportId}.csv"`);
    return trendCsv(report.history ?? []);
  }

  @Get('confirm')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  async confirm(@Param('reportId') reportId: string, @Query() link: TrackingTokenQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    const confirmed = await this.tracking.confirm(reportId, link.token);
    if (!confirmed) {
      res.status(404);
      return renderTrackingPage({ state: 'confirm-failed' });
    }
    return renderTrackingPage({ state: 'confirmed', ...confirmed, reportPath: auditReportUrl(reportId) });
  }

  @Get('stop')
  @Header('Content-Type', 'text/html; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  @Header('X-Robots-Tag', 'noindex')
  stopPage(@Query() _link: TrackingTokenQuery, @Req() req: Request): string {
    return renderTrackingPage({ state: 'stop', question: 'this question', action: req.originalUrl });
  }

  /** The stop page's button (and a one-click POST): the schedule ends at once. */
  @Post('stop')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  async stop(@Param('reportId') reportId: string, @Query() link: TrackingTokenQuery, @Req() req: Request): Promise<string | { stopped: true }> {
    const stopped = await this.tracking.stopByLink(reportId, link.token);
    const html = req.accepts(['json', 'html']) === 'html';
    if (!stopped) {
      if (!html) throw new NotFoundException('This link is not valid.');
      req.res?.status(404).type('html');
      return renderTrackingPage({ state: 'stop-failed' });
    }
    if (!html) return { stopped: true };
    req.res?.type('html');
    return renderTrackingPage({ state: 'stopped', question: stopped.question });
  }
}

/** Staff's view of tracked questions: the warmest leads. The global admin guard requires a session. */
@Controller('api/admin/tracked-questions')
export class AdminTrackedQuestionsController {
  constructor(private readonly tracking: TrackingService) {}

  @Get()
  async list(@Query() query: TrackedQuestionListQuery, @Res({ passthrough: true }) res: Response): Promise<TrackedQuestionRecord[]> {
    return sendListPage(res, await this.tracking.listPage(query));
  }

  @Get(':id')
  detail(@Param('id', RecordIdPipe) id: number): Promise<TrackedQuestionDetail> {
    return this.tracking.detail(id);
  }

  @Patch(':id')
  changeStatus(@Param('id', RecordIdPipe) id: number, @Body() input: TrackedQuestionStatusInput): Promise<TrackedQuestionDetail> {
    return this.tracking.changeStatus(id, input.status);
  }
}
