import { insertWithFormSignUp, recordMarketingSubscriber } from '@agency/server-kit';
import type { DataSource } from 'typeorm';
import type { AuditRecord } from '@agency/shared';
import type { AuditAnswer, AuditPayload, FanOutAnswer, FanOutPayload } from '../jobs/tool-jobs.js';

/**
 * What the workers store. Each tool's record and its marketing-subscriber row are written by one
 * statement (atomic, and one round trip instead of a transaction's four); the job id makes a rerun
 * of the same job (BullMQ is at-least-once) store nothing twice.
 */
export class ToolRecords {
  constructor(private readonly dataSource: DataSource) {}

  /** `usage`: each answering model's tokens and searches, kept with the record (not in the visitor's answer). */
  async saveAudit(jobId: string, payload: AuditPayload, answer: AuditAnswer, usage: AuditRecord['usage'] = {}): Promise<void> {
    await insertWithFormSignUp(
      this.dataSource,
      `INSERT INTO llm_queries (job_id, query, brand, email, model, response, citations, search_queries, grounded, usage)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (job_id) DO NOTHING`,
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
      ],
      payload.email,
      'ai-search-audit',
    );
  }

  async saveFanOut(jobId: string, payload: FanOutPayload, answer: FanOutAnswer): Promise<void> {
    await insertWithFormSignUp(
      this.dataSource,
      `INSERT INTO query_fan_out_requests (job_id, keyword, website, email, results)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (job_id) DO NOTHING`,
      [jobId, payload.keyword, payload.website, payload.email, JSON.stringify(answer)],
      payload.email,
      'query-fan-out',
    );
  }

  async saveImageRequester(email: string): Promise<void> {
    await recordMarketingSubscriber(this.dataSource.manager, email, 'ai-image-reader');
  }
}
