import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res, type Type } from '@nestjs/common';
import { csvDocument, csvFileName, type CrawlerLogAnswer, type PersonToolRecords, type ToolErasure, type ToolsOverview } from '@agency/shared';
import { Email, type ListPage, sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import { CRAWLER_LOG_TOOL } from '../crawler-log/crawler-log.tool.js';
import type { AnyToolDefinition } from '../tools/tool-definition.js';
import { GatewayCrawlerLogService } from './gateway-crawler-log.service.js';
import { RecordIdPipe } from './record-id.pipe.js';
import { ToolOverviewService } from './tool-overview.service.js';
import { ToolRecordListQuery } from './tool-record-list.query.js';
import { ToolPersonDataService } from './tool-person-data.service.js';
import { ToolRecordsService } from './tool-records.service.js';

/** ?email=… of the person view's tools part. */
export class PersonQuery {
  @Email()
  email!: string;
}

/** The admin panel's reads across the tools; the global admin guard requires a session for every /api/admin path. */
@Controller('api/admin')
export class ToolAdminController {
  constructor(
    private readonly records: ToolRecordsService,
    private readonly overview: ToolOverviewService,
    private readonly personData: ToolPersonDataService,
    private readonly gatewayLog: GatewayCrawlerLogService,
  ) {}

  /** The AI Crawler Log Analyzer's report over this site's own gateway access log (nothing stored). */
  @Get(`${CRAWLER_LOG_TOOL.record.adminPath}/gateway-log`)
  @Header('Cache-Control', 'no-store')
  gatewayCrawlerLog(): Promise<CrawlerLogAnswer> {
    return this.gatewayLog.report();
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

  /**
   * The tools part of "Erase person": every tool record of the address, all or none. The content
   * service calls it first, with the admin's own session, and erases its own part only after it
   * answered; the gateway does not route it, so the erasure and its log entry cannot be split.
   */
  @Post('people/tool-records/erasure')
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  erasePerson(@Body() request: PersonQuery): Promise<ToolErasure> {
    return this.personData.erase(request.email);
  }

  @Get('tool-overview')
  @Header('Cache-Control', 'no-store')
  toolOverview(): Promise<ToolsOverview> {
    return this.overview.read();
  }
}

const PASCAL = (name: string) => name.replace(/(^|-)([a-z])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/**
 * One tool's stored runs in the admin, at the address its definition names: the list
 * (`GET /api/admin/{path}`, a page and X-Total-Count), the CSV export (`…/export`) and one record
 * (`…/{id}`). One controller class per tool so that each keeps its own address in the API
 * description; all of them are this code.
 */
export function toolRecordsController(tool: AnyToolDefinition): Type<unknown> {
  @Controller(`api/admin/${tool.record.adminPath}`)
  class ToolRecordsController {
    constructor(readonly records: ToolRecordsService) {}

    @Get()
    async list(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<unknown[]> {
      const page: ListPage<unknown> = await this.records.page(tool, query);
      return sendListPage(res, page);
    }

    @Get('export')
    @Header('Content-Type', 'text/csv; charset=utf-8')
    @Header('Cache-Control', 'no-store')
    async export(@Query() query: ToolRecordListQuery, @Res({ passthrough: true }) res: Response): Promise<string> {
      res.setHeader('Content-Disposition', `attachment; filename="${csvFileName(tool.record.csvName, new Date())}"`);
      const columns = tool.record.csvColumns;
      const records = await this.records.all(tool, query);
      return csvDocument(
        columns.map(([header]) => header),
        records.map((record) => columns.map(([, cell]) => cell(record))),
      );
    }

    @Get(':id')
    one(@Param('id', RecordIdPipe) id: number): Promise<unknown> {
      return this.records.one(tool, id);
    }
  }
  Object.defineProperty(ToolRecordsController, 'name', { value: `${PASCAL(tool.name)}RecordsController` });
  return ToolRecordsController;
}
