import { Controller, Get, Header, Param, Query, Res } from '@nestjs/common';
import { csvFileName, type AuditRecord, type CrawlerLogAnalysisRecord, type CrawlerLogAnswer, type FanOutRecord, type ImageAnalysisRecord, type PersonToolRecords, type ToolsOverview } from '@agency/shared';
import { Email, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { RecordIdPipe } from './record-id.pipe.js';
import { ToolOverviewService } from './tool-overview.service.js';
import { ToolRecordListQuery } from './tool-record-list.query.js';
import { CRAWLER_LOG_RECORD } from '../crawler-log/crawler-log.record.js';
import { GatewayCrawlerLogService } from './gateway-crawler-log.service.js';
import { auditRecordsCsv, fanOutRecordsCsv, imageAnalysesCsv, recordsCsv } from './tool-records-csv.js';
import { ToolRecordsService } from './tool-records.service.js';

/** ?email=… of the person view's tools part. */
export class PersonQuery {
  @Email()
  email!: string;
}

/** The admin panel's reads of the audit, fan-out and image analysis records; the global admin guard requires a session for every /api/admin path. */
@Controller('api/admin')
export class ToolRecordsController {
  constructor(
    private readonly records: ToolRecordsService,
    private readonly overview: ToolOverviewService,
    private readonly gatewayLog: GatewayCrawlerLogService,
  ) {}

  @Get(CRAWLER_LOG_RECORD.adminPath)
  async crawlerLogs(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<CrawlerLogAnalysisRecord[]> {
    return sendListPage(res, await this.records.crawlerLogPage(query));
  }

  @Get(`${CRAWLER_LOG_RECORD.adminPath}/export`)
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async exportCrawlerLogs(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(CRAWLER_LOG_RECORD.csvName, new Date())}"`);
    return recordsCsv(CRAWLER_LOG_RECORD.csvColumns, await this.records.allCrawlerLogs(query));
  }

  /** The same report over this site's own gateway access log (nothing stored). */
  @Get(`${CRAWLER_LOG_RECORD.adminPath}/gateway-log`)
  @Header('Cache-Control', 'no-store')
  gatewayCrawlerLog(): Promise<CrawlerLogAnswer> {
    return this.gatewayLog.report();
  }

  @Get(`${CRAWLER_LOG_RECORD.adminPath}/:id`)
  crawlerLog(@Param('id', RecordIdPipe) id: number): Promise<CrawlerLogAnalysisRecord> {
    return this.records.crawlerLog(id);
  }

  @Get('llm-queries')
  async auditRecords(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<AuditRecord[]> {
    return sendListPage(res, await this.records.auditPage(query));
  }

  @Get('llm-queries/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async exportAudits(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName('llm-queries', new Date())}"`);
    return auditRecordsCsv(await this.records.allAudits(query));
  }

  @Get('llm-queries/:id')
  auditRecord(@Param('id', RecordIdPipe) id: number): Promise<AuditRecord> {
    return this.records.audit(id);
  }

  @Get('query-fan-out-requests')
  async fanOutRecords(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<FanOutRecord[]> {
    return sendListPage(res, await this.records.fanOutPage(query));
  }

  @Get('query-fan-out-requests/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async exportFanOuts(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName('semantic-expansion', new Date())}"`);
    return fanOutRecordsCsv(await this.records.allFanOuts(query));
  }

  @Get('query-fan-out-requests/:id')
  fanOutRecord(@Param('id', RecordIdPipe) id: number): Promise<FanOutRecord> {
    return this.records.fanOut(id);
  }

  @Get('image-analyses')
  async imageAnalyses(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<ImageAnalysisRecord[]> {
    return sendListPage(res, await this.records.imageAnalysisPage(query));
  }

  @Get('image-analyses/export')
  @Header('Content-Type', 'text/csv; charset=utf-8')
  @Header('Cache-Control', 'no-store')
  async exportImageAnalyses(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
    res.setHeader('Content-Disposition', `attachment; filename="${csvFileName('image-analyses', new Date())}"`);
    return imageAnalysesCsv(await this.records.allImageAnalyses(query));
  }

  @Get('image-analyses/:id')
  imageAnalysis(@Param('id', RecordIdPipe) id: number): Promise<ImageAnalysisRecord> {
    return this.records.imageAnalysis(id);
  }

  /**
   * The tools part of the person view. The content service asks for it (with the admin's own
   * session) and answers GET /api/admin/people, so neither service reads the other's tables.
   */
  @Get('people/tool-records')
  @Header('Cache-Control', 'no-store')
  personRecords(@Query() query: PersonQuery): Promise<PersonToolRecords> {
    return this.records.ofPerson(query.email);
  }

  @Get('tool-overview')
  @Header('Cache-Control', 'no-store')
  toolOverview(): Promise<ToolsOverview> {
    return this.overview.read();
  }
}
