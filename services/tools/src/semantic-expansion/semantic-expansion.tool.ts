import type { SemanticExpansionRecord } from '@agency/shared';
import { z } from 'zod';
import type { SemanticExpansionAnswer } from '../jobs/tool-jobs.js';
import { answerType, defineTool, GATEWAY_MARGIN_MS } from '../tools/tool-definition.js';
import { SemanticExpansionRecordEntity } from './semantic-expansion-record.entity.js';

/** What a Semantic Expansion job carries. */
export interface SemanticExpansionPayload {
  keyword: string;
  /** Already normalised by the API (https://host/...). */
  website: string;
  email: string;
}

const payload: z.ZodType<SemanticExpansionPayload> = z.object({ keyword: z.string(), website: z.string(), email: z.string() });

export function toSemanticExpansionRecord(row: SemanticExpansionRecordEntity): SemanticExpansionRecord {
  return { id: row.id, keyword: row.keyword, website: row.website, email: row.email, results: row.results, createdAt: row.createdAt.toISOString() };
}

/** Semantic Expansion: the searches an engine fans a keyword out to, and whether the visitor's site covers them. */
export const SEMANTIC_EXPANSION_TOOL = defineTool({
  name: 'semantic-expansion',
  title: 'Semantic Expansion',
  formerNames: ['fan-out'],
  webhookKind: 'fan-out',
  payload,
  answer: answerType<SemanticExpansionAnswer>(),
  // Query generation (with the site crawl beside it), then the coverage judgement.
  deadlineMs: ({ modelDeadlineMs, queueWaitMs }) => Math.min(2 * modelDeadlineMs + queueWaitMs + 5000, GATEWAY_MARGIN_MS),
  // One model per generation pass, then one for the coverage.
  modelCalls: (_configuredModels, { semanticExpansionPasses }) => semanticExpansionPasses + 1,
  subscriberSource: 'query-fan-out',
  record: {
    entity: SemanticExpansionRecordEntity,
    adminPath: 'query-fan-out-requests',
    csvName: 'semantic-expansion',
    searched: `(record.keyword || ' ' || record.website || ' ' || record.email)`,
    notFound: 'Semantic expansion request not found.',
    toRecord: toSemanticExpansionRecord,
    // The stored results as JSON text beside the request.
    csvColumns: [
      ['id', (record) => String(record.id)],
      ['submitted_at', (record) => record.createdAt],
      ['email', (record) => record.email],
      ['keyword', (record) => record.keyword],
      ['website', (record) => record.website],
      ['results', (record) => record.results],
    ],
    noun: ['fan-out request', 'fan-out requests'],
    personKey: 'fanOutRecords',
    leadQuestion: 'record.keyword',
  },
});
