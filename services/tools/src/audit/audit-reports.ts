import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  AUDIT_LANGUAGE,
  AUDIT_LOCATION,
  AUDIT_MODEL_KEYS,
  AUDIT_REPORT_EXPIRED_MESSAGE,
  AUDIT_REPORT_NOT_FOUND_MESSAGE,
  auditReportUrl,
  isAuditReportId,
  SEARCH_ENGINE_IDS,
  storedInsightFields,
  type AuditMemoryAnswers,
  type AuditModelKey,
  type AuditReport,
  type AuditRunAnswer,
} from '@agency/shared';
import { Repository } from 'typeorm';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { trackedQuestionOfReport, trackedTrend } from '../tracking/tracked-trends.js';
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
    const { row, expiresAt, tracked } = await this.stored(reportId, now);
    return this.report(row, reportId, expiresAt, tracked);
  }

  /**
   * Every answer the report was made from, per engine: each search-mode run as the engine gave it
   * (text, citations, searches, pages read, brands and how it described them) and its answer with
   * search off. Never the email.
   */
  async rawAnswers(reportId: string, now = new Date()): Promise<AuditRawAnswers> {
    const { row, expiresAt } = await this.stored(reportId, now);
    const engines: AuditRawAnswers['engines'] = {};
    for (const id of SEARCH_ENGINE_IDS) {
      const key = AUDIT_MODEL_KEYS[id];
      const runs = row.runAnswers[key];
      const memory = row.memoryAnswers[key];
      const error = row.errors[key];
      if (!runs && !memory && error === undefined) continue;
      engines[key] = {
        model: row.models[key] ?? null,
        runs: runs ?? [],
        memory: memory ?? null,
        ...(error === undefined ? {} : { error }),
      };
    }
    return {
      reportId,
      query: row.query,
      brand: row.brand,
      website: row.website,
      competitors: row.competitors,
      simulated: row.simulated,
      askedAt: row.insights.method?.askedAt ?? row.createdAt.toISOString(),
      runsPerEngine: row.runs,
      engines,
      expiresAt: expiresAt.toISOString(),
    };
  }

  private async stored(reportId: string, now: Date): Promise<{ row: AuditRecordEntity; expiresAt: Date; tracked: number | null }> {
    if (!isAuditReportId(reportId)) throw new NotFoundException(AUDIT_REPORT_NOT_FOUND_MESSAGE);
    const row = await this.audits.findOne({ where: { reportId } });
    if (!row) throw new NotFoundException(AUDIT_REPORT_NOT_FOUND_MESSAGE);
    const tracked = await trackedQuestionOfReport(this.audits.manager.connection, reportId);
    const stillTracked = tracked !== null && (await this.isRunning(tracked));
    const expiresAt = new Date(row.createdAt.getTime() + this.config.auditReportDays * DAY_MS);
    // A question still tracked keeps its report: the permalink is where its trend is read.
    if (expiresAt <= now && !stillTracked) throw new NotFoundException(AUDIT_REPORT_EXPIRED_MESSAGE);
    return { row, expiresAt, tracked };
  }

  private async report(row: AuditRecordEntity, reportId: string, expiresAt: Date, tracked: number | null): Promise<AuditReport> {
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
      ...storedInsightFields(row.insights, {
        askedAt: row.createdAt.toISOString(),
        location: AUDIT_LOCATION,
        language: AUDIT_LANGUAGE,
        runs: row.runs,
        models: row.models,
      }),
      history: tracked === null ? [] : await trackedTrend(this.audits.manager.connection, tracked),
    };
  }

  private async isRunning(trackedQuestionId: number): Promise<boolean> {
    const rows = await this.audits.manager.query<unknown[]>(`SELECT 1 FROM tracked_questions WHERE id = $1 AND status IN ('active', 'paused')`, [trackedQuestionId]);
    return rows.length > 0;
  }
}

/** GET /api/llm-query/reports/{id}.json: the raw answers behind a report. */
export interface AuditRawAnswers {
  reportId: string;
  query: string;
  brand: string | null;
  website: string | null;
  competitors: string[];
  simulated: boolean;
  askedAt: string;
  runsPerEngine: number;
  engines: Partial<Record<AuditModelKey, { model: string | null; runs: AuditRunAnswer[]; memory: AuditMemoryAnswers[AuditModelKey] | null; error?: string }>>;
  expiresAt: string;
}

function parseResponses(json: string): AuditReport['responses'] {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    return {};
  }
}
