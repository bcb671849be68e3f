import { AUDIT_MODEL_KEYS } from '@agency/shared';
import type { AuditAnswer, AuditPayload, ToolJobResult } from '../jobs/tool-jobs.js';
import type { ModelFleet } from '../models/model-fleet.js';
import type { ModelRequest } from '../models/model-request.js';
import { AnswerFormatError } from '../models/provider-error.js';
import type { ProviderId } from '../models/provider-ids.js';
import { plainModelAnswer } from '../models/untrusted-text.js';
import { modelFinished, type ProgressReporter } from '../progress/progress-reporter.js';
import type { ToolRecords } from '../database/tool-records.js';

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

export async function runAudit(
  jobId: string,
  payload: AuditPayload,
  fleet: ModelFleet,
  records: ToolRecords,
  progress: ProgressReporter,
  signal: AbortSignal,
): Promise<ToolJobResult<'audit'>> {
  const request: ModelRequest = { system: AUDIT_SYSTEM_PROMPT, user: payload.query, maxOutputTokens: 800 };
  const outcomes = await fleet.askAll(() => request, checkAnswerText, signal, (id, outcome) =>
    progress.report(modelFinished(id, outcome, outcome.kind === 'answered' ? outcome.value : undefined)),
  );
  const answer: AuditAnswer = { query: payload.query, responses: {}, errors: {} };
  for (const [id, outcome] of Object.entries(outcomes) as [ProviderId, (typeof outcomes)[ProviderId]][]) {
    const key = AUDIT_MODEL_KEYS[id];
    if (outcome.kind === 'answered') answer.responses[key] = outcome.value;
    else if (outcome.kind === 'failed') answer.errors[key] = outcome.message;
  }
  await records.saveAudit(jobId, payload, answer);
  return { ok: true, answer };
}

/** Shown as plain text like every tool's model text: no links, images or HTML, whatever the query asked for. */
function checkAnswerText(text: string): string {
  const plain = plainModelAnswer(text, MAX_ANSWER_CHARS);
  if (!plain) throw new AnswerFormatError('empty answer');
  return plain;
}
