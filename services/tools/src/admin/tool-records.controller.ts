import { Controller, Get } from '@nestjs/common';
import type { FanOutRequestRecord, LlmQueryRecord } from '@agency/shared';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { AuditRecordEntity } from '../audit/audit-record.entity.js';
import { FanOutRecordEntity } from '../fan-out/fan-out-record.entity.js';

/** The admin panel's reads of the audit and fan-out records; the global admin guard requires a session for every /api/admin path. */
@Controller('api/admin')
export class ToolRecordsController {
  constructor(
    @InjectRepository(AuditRecordEntity) private readonly queries: Repository<AuditRecordEntity>,
    @InjectRepository(FanOutRecordEntity) private readonly fanOuts: Repository<FanOutRecordEntity>,
  ) {}

  @Get('llm-queries')
  async llmQueries(): Promise<LlmQueryRecord[]> {
    const rows = await this.queries.find({ order: { createdAt: 'DESC', id: 'DESC' } });
    return rows.map((row) => ({
      id: row.id,
      query: row.query,
      brand: row.brand,
      email: row.email,
      model: row.model,
      response: row.response,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  @Get('query-fan-out-requests')
  async fanOutRequests(): Promise<FanOutRequestRecord[]> {
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
