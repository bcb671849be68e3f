import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AUDIT_REPORT_EXPIRED_MESSAGE, AUDIT_REPORT_NOT_FOUND_MESSAGE, auditReportUrl, isAuditReportId, type AuditReport } from '@agency/shared';
import { Repository } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { AuditRecordEntity } from './audit-record.entity.js';


const DAY_MS = 24 * 60 * 60 * 1000;

/** Reads stored audits as reports, by their unguessable id, for AUDIT_REPORT_DAYS after the audit. */
@Injectable()
export class AuditReports {
  constructor(
    @InjectRepository(AuditRecordEntity) private readonly audits: Repository<AuditRecordEntity>,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /** The report; 404 when the id is unknown (or malformed) or the report has expired. Never the email. */
  async find(reportId: string, now = new Date()): Promise<AuditReport> {
    if (!isAuditReportId(reportId)) throw new NotFoundException(AUDIT_REPORT_NOT_FOUND_MESSAGE);
    const row = await this.audits.findOne({ where: { reportId } });
    if (!row) throw new NotFoundException(AUDIT_REPORT_NOT_FOUND_MESSAGE);
    const expiresAt = new Date(row.createdAt.getTime() + this.config.auditReportDays * DAY_MS);
    if (expiresAt <= now) throw new NotFoundException(AUDIT_REPORT_EXPIRED_MESSAGE);
    return {
      query: row.query,
      brand: row.brand,
      website: row.website,
      competitors: row.competitors,
      responses: parseResponses(row.response),
      errors: row.errors,
      citations: row.citations,
      searchQueries: row.searchQueries,
      grounded: row.grounded,
      endings: row.endings,
      endingCounts: row.endingCounts,
      searchSuggestions: row.searchSuggestions,
      runs: row.runs,
      runAnswers: row.runAnswers,
      brands: row.brands,
      visibility: row.visibility,
      competitorVisibility: row.competitorVisibility,
      reportId,
      reportUrl: auditReportUrl(reportId),
      models: row.models,
      simulated: row.simulated,
      createdAt: row.createdAt.toISOString(),
      expiresAt: expiresAt.toISOString(),
    };
  }
}

function parseResponses(json: string): AuditReport['responses'] {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}
