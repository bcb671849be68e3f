import { randomBytes } from 'node:crypto';
import { insertWithFormSignUp, leadWebhook, type OutboxEntry, type OutboxSettings } from '@agency/server-kit';
import type { DataSource } from 'typeorm';
import { auditReportUrl, insightFields, type AuditMemoryAnswers, type AuditRecord, type AuditReport, type ImageAnalysisRecord } from '@agency/shared';
import type { AuditAnswer, AuditPayload, FanOutAnswer, FanOutPayload, ImagePayload } from '../jobs/tool-jobs.js';

/**
 * What the workers store. Each tool's record and its marketing-subscriber row are written by one
 * statement (atomic, and one round trip instead of a transaction's four); the job id makes a rerun
 * of the same job (BullMQ is at-least-once) store nothing twice.
 */
export class ToolRecords {
  constructor(
    private readonly dataSource: DataSource,
    private readonly emails: ToolEmailSettings = { outbox: null, publicSiteUrl: '' },
  ) {}

  /**
   * A stored run's outbox rows: the staff alert (unless staff read an hourly digest), the CRM
   * webhook, and the visitor's own email when the tool has one. Keys carry the job id, so a
   * rerun of the job writes nothing twice.
   */
  private outboxFor(jobId: string, tool: 'audit' | 'fan-out' | 'image', email: string, question: string, visitorEmail?: Omit<OutboxEntry, 'key' | 'to' | 'personEmail' | 'limited'>) {
    const settings = this.emails.outbox;
    if (!settings) return undefined;
    const entries: OutboxEntry[] = [];
    const lead = { tool, email, question };
    if (settings.staffNotifyEmail && settings.staffAlerts === 'instant') {
      entries.push({
        key: `${tool}:${jobId}:staff`,
        kind: 'staff-tool-lead',
        to: settings.staffNotifyEmail,
        subject: `New ${TOOL_NAMES[tool]} lead`,
        personEmail: email,
        payload: lead,
        limited: false,
      });
    }
    if (visitorEmail) entries.push({ ...visitorEmail, key: `${tool}:${jobId}:visitor`, to: email.toLowerCase(), personEmail: email, limited: true });
    if (settings.leadWebhookUrl) entries.push(leadWebhook(settings.leadWebhookUrl, `${tool}:${jobId}`, tool, email, { question, createdAt: new Date().toISOString() }));
    return { entries, recipientHourlyLimit: settings.recipientHourlyLimit };
  }

  /**
   * `usage`: each answering model's tokens and searches, kept with the record (not in the visitor's
   * answer). Answers the report id: a new unguessable one, or the one a previous run of the same
   * job stored.
   */
  async saveAudit(
    jobId: string,
    payload: AuditPayload,
    answer: Omit<AuditAnswer, 'reportId' | 'reportUrl'>,
    usage: AuditRecord['usage'] = {},
    report: Pick<AuditReport, 'simulated'> & { memoryAnswers?: AuditMemoryAnswers } = { simulated: false },
  ): Promise<string> {
    const reportId = randomBytes(16).toString('base64url');
    const visibility = answer.visibility;
    await insertWithFormSignUp(
      this.dataSource,
      `INSERT INTO llm_queries (job_id, query, brand, email, model, response, citations, search_queries, grounded, usage,
                               report_id, website, runs, run_answers, brands, visibility, models, simulated, competitors, competitor_visibility, errors,
                               endings, ending_counts, search_suggestions, insights, memory_answers)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
       ON CONFLICT (job_id) DO NOTHING`,
      [
        jobId,
        payload.query,
        payload.brand,
        payload.email,
        payload.model,
        JSON.stringify(answer.responses),
        JSON.stringify(answer.citations),
        JSON.stringify(answer.searchQueries),
        JSON.stringify(answer.grounded),
        JSON.stringify(usage),
        reportId,
        payload.website ?? null,
        answer.runs,
        JSON.stringify(answer.runAnswers),
        JSON.stringify(answer.brands),
        JSON.stringify(answer.visibility),
        JSON.stringify(answer.models),
        report.simulated,
        JSON.stringify(payload.competitors ?? []),
        JSON.stringify(answer.competitorVisibility),
        JSON.stringify(answer.errors),
        JSON.stringify(answer.endings),
        JSON.stringify(answer.endingCounts),
        JSON.stringify(answer.searchSuggestions),
        JSON.stringify(insightFields(answer)),
        JSON.stringify(report.memoryAnswers ?? {}),
      ],
      payload.email,
      'ai-search-audit',
      this.outboxFor(jobId, 'audit', payload.email, payload.query, {
        kind: 'audit-report',
        subject: 'Your AI Search Audit report',
        payload: {
          question: payload.query,
          brand: visibility?.brand ?? null,
          mentionedIn: visibility?.mentionedIn ?? null,
          answers: visibility?.answers ?? null,
          low: visibility?.low ?? null,
          high: visibility?.high ?? null,
          shareOfVoice: visibility?.shareOfVoice ?? null,
          engines: Object.keys(answer.responses).length,
          reportUrl: `${this.emails.publicSiteUrl}${auditReportUrl(reportId)}`,
          simulated: report.simulated,
        },
      }),
    );
    const [stored] = await this.dataSource.query<{ report_id: string }[]>('SELECT report_id FROM llm_queries WHERE job_id = $1', [jobId]);
    return stored!.report_id;
  }

  /**
   * A run of the same keyword, site and address within the hour after one whose site could not be
   * read is that run retried ("Retry the website check"): it replaces that record's results rather
   * than adding a second record. The stored JSON is ours (JSON.stringify, websiteCheck's status first).
   */
  async saveFanOut(jobId: string, payload: FanOutPayload, answer: FanOutAnswer): Promise<void> {
    await insertWithFormSignUp(
      this.dataSource,
      `, retried AS (
         UPDATE query_fan_out_requests SET job_id = $1, results = $5
          WHERE id = (SELECT id FROM query_fan_out_requests
                       WHERE lower(email) = lower($4) AND keyword = $2 AND website = $3 AND job_id <> $1
                         AND created_at > now() - interval '1 hour'
                         AND results LIKE '%"websiteCheck":{"status":"unreadable"%'
                       ORDER BY created_at DESC, id DESC LIMIT 1)
         RETURNING id)
       INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results)
       SELECT $1, $2, $3, $4, $5 WHERE NOT EXISTS (SELECT 1 FROM retried) ON CONFLICT (job_id) DO NOTHING`,
      [jobId, payload.keyword, payload.website, payload.email, JSON.stringify(answer)],
      payload.email,
      'query-fan-out',
      this.outboxFor(jobId, 'fan-out', payload.email, payload.keyword, {
        kind: 'fan-out-results',
        subject: 'Your Semantic Expansion results',
        payload: {
          keyword: payload.keyword,
          website: payload.website,
          queries: answer.queries.slice(0, 10),
          total: answer.queries.length,
          resultsUrl: `${this.emails.publicSiteUrl}/query-fan-out`,
        },
      }),
    );
  }

  /**
   * The upload's facts come from the payload (measured before the upload was discarded); the image
   * itself is never stored. Answers the report id, as saveAudit does.
   */
  async saveImageAnalysis(
    jobId: string,
    payload: Pick<ImagePayload, 'email' | 'image'>,
    analysis: Pick<ImageAnalysisRecord, 'models' | 'mainImageChecks' | 'disagreement' | 'altText' | 'simulated'> & { consensus: string | null },
  ): Promise<{ reportId: string; createdAt: Date }> {
    const image = payload.image;
    await insertWithFormSignUp(
      this.dataSource,
      `INSERT INTO image_analyses (job_id, email, image_type, image_width, image_height, image_bytes, models, main_image_checks, disagreement, alt_text, simulated, consensus, report_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT (job_id) DO NOTHING`,
      [
        jobId,
        payload.email,
        image?.type ?? null,
        image?.width ?? null,
        image?.height ?? null,
        image?.bytes ?? null,
        JSON.stringify(analysis.models),
        JSON.stringify(analysis.mainImageChecks),
        analysis.disagreement,
        analysis.altText,
        analysis.simulated,
        analysis.consensus,
        randomBytes(16).toString('base64url'),
      ],
      payload.email,
      'ai-image-reader',
      this.outboxFor(jobId, 'image', payload.email, ''),
    );
    const [stored] = await this.dataSource.query<{ report_id: string; created_at: Date }[]>('SELECT report_id, created_at FROM image_analyses WHERE job_id = $1', [jobId]);
    return { reportId: stored!.report_id, createdAt: stored!.created_at };
  }
}

export interface ToolEmailSettings {
  /** Null: stored runs write no outbox rows (the tests of storage alone). */
  outbox: OutboxSettings | null;
  publicSiteUrl: string;
}

const TOOL_NAMES = { audit: 'AI Search Audit', 'fan-out': 'Semantic Expansion', image: 'AI Image Reader' } as const;
