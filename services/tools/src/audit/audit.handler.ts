import { Injectable } from '@nestjs/common';
import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS } from '@agency/shared';
import { ToolRecords } from '../database/tool-records.js';
import type { AuditAnswer, ToolJobResult } from '../jobs/tool-jobs.js';
import { ModelFleet } from '../models/model-fleet.js';
import type { ModelRequest } from '../models/model-request.js';
import { AnswerFormatError } from '../models/provider-error.js';
import { plainModelAnswer } from '../models/untrusted-text.js';
import { modelFinished } from '../worker/progress-reporter.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';

const MAX_ANSWER_CHARS = 12_000;

/**
 * The visitor's query goes to each model exactly as a shopper would type it: the audit measures
 * what the models say to that question, so it is not wrapped or rewritten. Answers are stored and
 * shown as plain text, never as HTML.
 */
export const AUDIT_SYSTEM_PROMPT =
  'You are a helpful assistant answering a consumer who is researching products and brands. ' +
  'Answer the question directly and concretely, naming the specific brands, products or retailers you would recommend and why. ' +
  'Keep the answer under 300 words. Do not output HTML.';

/** Asks the four models the visitor's query, each under its own deadline, and stores the record. */
@Injectable()
export class AuditHandler implements ToolJobHandler<'audit'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly records: ToolRecords,
  ) {}

  async handle(job: ToolJob<'audit'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'audit'>> {
    const request: ModelRequest = { system: AUDIT_SYSTEM_PROMPT, user: job.data.query, maxOutputTokens: 800 };
    const outcomes = await this.fleet.askAll(() => request, checkAnswerText, signal, (id, outcome) =>
      progress.report(modelFinished(id, outcome, outcome.kind === 'answered' ? outcome.value : undefined)),
    );
    const answer: AuditAnswer = { query: job.data.query, responses: {}, errors: {} };
    for (const id of MODEL_PROVIDER_IDS) {
      const outcome = outcomes[id];
      const key = AUDIT_MODEL_KEYS[id];
      if (outcome.kind === 'answered') answer.responses[key] = outcome.value;
      else if (outcome.kind === 'failed') answer.errors[key] = outcome.message;
    }
    await this.records.saveAudit(job.id, job.data, answer);
    return { ok: true, answer };
  }
}

/** Shown as plain text like every tool's model text: no links, images or HTML, whatever the query asked for. */
function checkAnswerText(text: string): string {
  const plain = plainModelAnswer(text, MAX_ANSWER_CHARS);
  if (!plain) throw new AnswerFormatError('empty answer');
  return plain;
}
