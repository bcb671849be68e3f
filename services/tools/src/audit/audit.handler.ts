import { Injectable } from '@nestjs/common';
import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, type AuditCitation, type AuditRecord } from '@agency/shared';
import { ToolRecords } from '../database/tool-records.js';
import type { AuditAnswer, ToolJobResult } from '../jobs/tool-jobs.js';
import { renderSourceMarks, type GroundedAnswer, type ModelUsage, type SearchRequest } from '../models/grounded-answer.js';
import { ModelFleet } from '../models/model-fleet.js';
import { AnswerFormatError } from '../models/provider-error.js';
import { plainModelAnswer, plainModelText } from '../models/untrusted-text.js';
import { modelFinished } from '../worker/progress-reporter.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';

const MAX_ANSWER_CHARS = 12_000;
const MAX_CITATIONS = 20;
const MAX_TITLE_CHARS = 300;
const MAX_CITED_TEXT_CHARS = 500;
const MAX_SEARCH_QUERIES = 10;
const MAX_QUERY_CHARS = 200;
/** Claude's searches per answer (its max_uses); the other APIs take no bound. */
const MAX_SEARCHES = 3;

/**
 * The audit measures what the engines tell a shopper, so the question goes as the shopper typed
 * it, in each engine's web-search mode, and the instructions say nothing about brands (asking for
 * brands would bias the very thing measured): only who is asking and in what form to answer.
 */
export const AUDIT_INSTRUCTIONS = 'The person asking is a shopper in the UK. Answer in plain text.';

/** One engine's checked answer: what the visitor sees and what the record keeps. */
export interface AuditModelAnswer {
  /** Plain text with source markers "[n]". */
  text: string;
  citations: AuditCitation[];
  searchQueries: string[];
  grounded: boolean;
  usage: ModelUsage;
}

/** Asks the four engines the visitor's query, each under its own deadline, and stores the record. */
@Injectable()
export class AuditHandler implements ToolJobHandler<'audit'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly records: ToolRecords,
  ) {}

  async handle(job: ToolJob<'audit'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'audit'>> {
    const request: SearchRequest = { system: AUDIT_INSTRUCTIONS, query: job.data.query, maxOutputTokens: 1000, maxSearches: MAX_SEARCHES };
    const outcomes = await this.fleet.searchAll(request, checkGroundedAnswer, signal, (id, outcome) => {
      if (outcome.kind !== 'answered') return progress.report(modelFinished(id, outcome));
      const { text, citations, searchQueries, grounded } = outcome.value;
      progress.report(modelFinished(id, outcome, text, { citations, searchQueries, grounded }));
    });
    const answer: AuditAnswer = { query: job.data.query, responses: {}, errors: {}, citations: {}, searchQueries: {}, grounded: {} };
    const usage: AuditRecord['usage'] = {};
    for (const id of MODEL_PROVIDER_IDS) {
      const outcome = outcomes[id];
      const key = AUDIT_MODEL_KEYS[id];
      if (outcome.kind === 'answered') {
        answer.responses[key] = outcome.value.text;
        answer.citations[key] = outcome.value.citations;
        answer.searchQueries[key] = outcome.value.searchQueries;
        answer.grounded[key] = outcome.value.grounded;
        usage[key] = outcome.value.usage;
      } else if (outcome.kind === 'failed') {
        answer.errors[key] = outcome.message;
      }
    }
    await this.records.saveAudit(job.id, job.data, answer, usage);
    return { ok: true, answer };
  }
}

/**
 * Shown as plain text like every tool's model text (no links, images or HTML, whatever the page
 * or query asked for), with the engine's citations as numbered markers; titles, quotes and
 * searches are plain text too, and every citation is an http(s) address.
 */
export function checkGroundedAnswer(answer: GroundedAnswer): AuditModelAnswer {
  const text = renderSourceMarks(plainModelAnswer(answer.text, MAX_ANSWER_CHARS), MAX_CITATIONS);
  if (!text) throw new AnswerFormatError('empty answer');
  const citations = answer.citations.slice(0, MAX_CITATIONS).map(({ url, title, citedText }) => {
    const quoted = citedText === undefined ? '' : plainModelText(citedText, MAX_CITED_TEXT_CHARS);
    return { url, title: plainModelText(title, MAX_TITLE_CHARS) || new URL(url).hostname, ...(quoted ? { citedText: quoted } : {}) };
  });
  const searchQueries = answer.searchQueries
    .map((query) => plainModelText(query, MAX_QUERY_CHARS))
    .filter(Boolean)
    .slice(0, MAX_SEARCH_QUERIES);
  return { text, citations, searchQueries, grounded: answer.searched, usage: answer.usage };
}
