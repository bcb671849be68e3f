import type { AuditRecord } from '@agency/shared';
import { z } from 'zod';
import type { AuditAnswer } from '../jobs/tool-jobs.js';
import { answerType, cellText, defineTool } from '../tools/tool-definition.js';
import { AuditRecordEntity } from './audit-record.entity.js';

/** The audit's brand-listing call gets at most this long; the deterministic reading stands in after it. */
export function brandExtractionDeadlineMs(modelDeadlineMs: number): number {
  return Math.min(modelDeadlineMs, 10_000);
}

/** What an audit job carries. */
export interface AuditPayload {
  query: string;
  brand: string | null;
  /** Brands measured beside the visitor's, each under its own name. */
  competitors?: string[];
  /** The visitor's own site, normalised by the API (https://host/...), or null. */
  website?: string | null;
  email: string;
  model: string;
}

const payload: z.ZodType<AuditPayload> = z.object({
  query: z.string(),
  brand: z.string().nullable(),
  competitors: z.array(z.string()).optional(),
  website: z.string().nullable().optional(),
  email: z.string(),
  model: z.string(),
});

/** The stored answers, parsed; the text itself when it does not parse (old or hand-made rows). */
const parsedAnswers = new WeakMap<AuditRecord, Record<string, unknown>>();
function answersOf(record: AuditRecord): Record<string, unknown> {
  let answers = parsedAnswers.get(record);
  if (!answers) {
    try {
      const parsed: unknown = JSON.parse(record.response);
      answers = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { text: record.response };
    } catch {
      answers = { text: record.response };
    }
    parsedAnswers.set(record, answers);
  }
  return answers;
}

export function toAuditRecord(row: AuditRecordEntity): AuditRecord {
  return {
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
    website: row.website,
    runs: row.runs,
    runAnswers: row.runAnswers,
    visibility: row.visibility,
    models: row.models,
    simulated: row.simulated,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The AI Search Audit: every engine asked the visitor's question, the brands they name measured. */
export const AUDIT_TOOL = defineTool({
  name: 'audit',
  title: 'AI Search Audit',
  payload,
  answer: answerType<AuditAnswer>(),
  // Every engine's answers (asked at once), then one call listing the brands they name.
  deadlineMs: ({ modelDeadlineMs, queueWaitMs }) => modelDeadlineMs + brandExtractionDeadlineMs(modelDeadlineMs) + queueWaitMs,
  // Each configured engine (Perplexity included) AUDIT_RUNS times with search on and once with it
  // off, plus the call listing the brands.
  modelCalls: (configuredModels, { auditRuns }) => configuredModels * (auditRuns + 1) + 1,
  subscriberSource: 'ai-search-audit',
  record: {
    entity: AuditRecordEntity,
    adminPath: 'llm-queries',
    csvName: 'llm-queries',
    // The expression the tool-record-search migration's trigram index holds.
    searched: `(record.query || ' ' || coalesce(record.brand, '') || ' ' || record.email)`,
    notFound: 'Audit record not found.',
    toRecord: toAuditRecord,
    // One row per audit, each engine's answer in its own column.
    csvColumns: [
      ['id', (record) => String(record.id)],
      ['submitted_at', (record) => record.createdAt],
      ['email', (record) => record.email],
      ['query', (record) => record.query],
      ['brand', (record) => record.brand ?? ''],
      ['model', (record) => record.model],
      ['chatgpt', (record) => cellText(answersOf(record).openai ?? answersOf(record).text)],
      ['claude', (record) => cellText(answersOf(record).claude)],
      ['gemini', (record) => cellText(answersOf(record).gemini)],
      ['grok', (record) => cellText(answersOf(record).grok)],
      ['citations', (record) => JSON.stringify(record.citations ?? {})],
      ['search_queries', (record) => JSON.stringify(record.searchQueries ?? {})],
    ],
    noun: ['audit', 'audits'],
    personKey: 'auditRecords',
    leadQuestion: 'record.query',
  },
});
