import { Controller, Get } from '@nestjs/common';
import type { AuditRecord, FanOutRecord } from '@agency/shared';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditRecordEntity } from '../audit/audit-record.entity.js';
import { FanOutRecordEntity } from '../fan-out/fan-out-record.entity.js';

/** The admin panel's reads of the audit and fan-out records; the global admin guard requires a session for every /api/admin path. */
@Controller('api/admin')
export class ToolRecordsController {
  constructor(
    @InjectRepository(AuditRecordEntity) private readonly audits: Repository<AuditRecordEntity>,
    @InjectRepository(FanOutRecordEntity) private readonly fanOuts: Repository<FanOutRecordEntity>,
  ) {}

  @Get('llm-queries')
  async auditRecords(): Promise<AuditRecord[]> {
    const rows = await this.audits.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({
      id: row.id,
      query: row.query,
      brand: row.brand,
      email: row.email,
      model: row.model,
      response: row.response,
      citations: row.citations,
      searchQueries: row.searchQueries,
      grounded: row.grounded,
      usage: row.usage,
      reportId: row.reportId,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  @Get('query-fan-out-requests')
  async fanOutRecords(): Promise<FanOutRecord[]> {
    const rows = await this.fanOuts.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({
      id: row.id,
      keyword: row.keyword,
      website: row.website,
      email: row.email,
      results: row.results,
      createdAt: row.createdAt.toISOString(),
    }));
  }
}
