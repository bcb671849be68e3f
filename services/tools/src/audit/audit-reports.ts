import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { auditReportUrl, isAuditReportId, type AuditReport } from '@agency/shared';
import { Repository } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { AuditRecordEntity } from './audit-record.entity.js';

export const REPORT_NOT_FOUND = 'This report does not exist. Check the link, or run a new audit.';
export const REPORT_EXPIRED = 'This report has expired. Reports are kept for a limited time; run a new audit to see where you stand today.';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A 404 whose body also says the report existed once and has expired, for the report page. */
export class ReportExpiredException extends NotFoundException {
  constructor() {
    super({ statusCode: 404, message: REPORT_EXPIRED, error: 'Not Found', expired: true });
  }
}

/** Reads stored audits as reports, by their unguessable id, for AUDIT_REPORT_DAYS after the audit. */
@Injectable()
export class AuditReports {
  constructor(
    @InjectRepository(AuditRecordEntity) private readonly audits: Repository<AuditRecordEntity>,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  /** The report; 404 when the id is unknown (or malformed) or the report has expired. Never the email. */
  async find(reportId: string, now = new Date()): Promise<AuditReport> {
    if (!isAuditReportId(reportId)) throw new NotFoundException(REPORT_NOT_FOUND);
    const row = await this.audits.findOne({ where: { reportId } });
    if (!row) throw new NotFoundException(REPORT_NOT_FOUND);
    const expiresAt = new Date(row.createdAt.getTime() + this.config.auditReportDays * DAY_MS);
    if (expiresAt <= now) throw new ReportExpiredException();
    return {
      query: row.query,
      brand: row.brand,
      website: row.website,
      responses: parseResponses(row.response),
      errors: {},
      citations: row.citations,
      searchQueries: row.searchQueries,
      grounded: row.grounded,
      runs: row.runs,
      runAnswers: row.runAnswers,
      brands: row.brands,
      visibility: row.visibility,
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
    return parsed && typeof parsed === 'object' ? (parsed as AuditReport['responses']) : {};
  } catch {
    return {};
  }
}
