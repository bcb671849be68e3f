import { setMaxListeners } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_MODEL_KEYS,
  auditBrandReport,
  auditReportUrl,
  MODEL_PROVIDER_IDS,
  type AuditCitation,
  type AuditModelKey,
  type AuditRecord,
  type AuditRunAnswers,
  type ModelProviderId,
} from '@agency/shared';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import { brandExtractionDeadlineMs } from '../jobs/tool-deadlines.js';
import type { AuditAnswer, AuditPayload, ToolJobResult } from '../jobs/tool-jobs.js';
import { DeadlineSignal } from '../models/deadline-signal.js';
import { renderSourceMarks, type AnswerEnding, type GroundedAnswer, type ModelUsage, type SearchRequest } from '../models/grounded-answer.js';
import { ModelFleet } from '../models/model-fleet.js';
import { AnswerFormatError, CutOffError } from '../models/provider-error.js';
import { plainModelAnswer, plainModelText } from '../models/untrusted-text.js';
import { modelFinished, type ProgressReporter } from '../worker/progress-reporter.js';
import { brandExtractionRequest, checkBrandExtraction, fallbackBrands, type BrandExtractionItem } from './brand-extraction.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';

const MAX_ANSWER_CHARS = 12_000;
const MAX_CITATIONS = 20;
const MAX_TITLE_CHARS = 300;
const MAX_CITED_TEXT_CHARS = 500;
const MAX_SEARCH_QUERIES = 10;
const MAX_QUERY_CHARS = 200;
/** Google's Search Suggestions are a small HTML snippet; anything far larger is not one. */
const MAX_SUGGESTIONS_CHARS = 64_000;
/** An answer's output budget: a few paragraphs, with room for the reasoning of a reasoning model (Gemini's thinking has its own). */
const AUDIT_OUTPUT_TOKENS = 4000;
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
  /** Plain text with source markers "[n]"; empty when refused. */
  text: string;
  citations: AuditCitation[];
  searchQueries: string[];
  grounded: boolean;
  usage: ModelUsage;
  ending: AnswerEnding;
  model?: string;
  searchSuggestions?: string;
}

/** Which answer an engine's card shows: a complete one, else a cut-off one, else a refusal. */
const SHOWN_ORDER: readonly AnswerEnding[] = ['complete', 'cut-off', 'refused'];

/** Who lists the brands: the first of these that answered the audit (so is up); the next takes over if it fails. */
const EXTRACTION_ORDER: readonly ModelProviderId[] = ['openai', 'anthropic', 'gemini', 'xai'];

interface EngineRuns {
  /** Answers in the order they arrived. */
  answers: AuditModelAnswer[];
  failures: string[];
  unavailable: boolean;
  settled: number;
}

/**
 * Asks the four engines the visitor's query AUDIT_RUNS times each, all at once and each under its
 * own deadline, lists the brands every answer recommends, and stores the whole as a report.
 */
@Injectable()
export class AuditHandler implements ToolJobHandler<'audit'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly records: ToolRecords,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  async handle(job: ToolJob<'audit'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'audit'>> {
    const { answer, usage } = await this.ask(job.data, progress, signal);
    const reportId = await this.records.saveAudit(job.id, job.data, answer, usage, { simulated: this.config.demoMode });
    return { ok: true, answer: { ...answer, reportId, reportUrl: auditReportUrl(reportId) } };
  }

  /**
   * The measurement itself, stored by the caller: a visitor's audit as a report, a tracked
   * question's scheduled run as a dated sample of it.
   */
  async ask(
    data: Pick<AuditPayload, 'query' | 'brand' | 'competitors'>,
    progress: ProgressReporter,
    signal: AbortSignal,
  ): Promise<{ answer: Omit<AuditAnswer, 'reportId' | 'reportUrl'>; usage: AuditRecord['usage'] }> {
    const runs = this.config.auditRuns;
    // Each call (four engines, `runs` times, then the brand list) listens for the job's deadline.
    setMaxListeners(MODEL_PROVIDER_IDS.length * runs + 10, signal);
    const request: SearchRequest = { system: AUDIT_INSTRUCTIONS, query: data.query, maxOutputTokens: AUDIT_OUTPUT_TOKENS, maxSearches: MAX_SEARCHES };
    const engines = Object.fromEntries(
      MODEL_PROVIDER_IDS.map((id): [ModelProviderId, EngineRuns] => [id, { answers: [], failures: [], unavailable: false, settled: 0 }]),
    ) as Record<ModelProviderId, EngineRuns>;
    await Promise.all(
      Array.from({ length: runs }, () =>
        this.fleet.searchAll(request, checkGroundedAnswer, signal, (id, outcome) => {
          const engine = engines[id];
          engine.settled++;
          if (outcome.kind === 'answered') engine.answers.push(outcome.value);
          else if (outcome.kind === 'failed') engine.failures.push(outcome.message);
          else engine.unavailable = true;
          progress.report({ type: 'run', provider: id, answered: engine.answers.length, failed: engine.failures.length, runs });
          if (outcome.kind === 'answered' && engine.answers.length === 1) {
            const { text, citations, searchQueries, grounded, ending } = outcome.value;
            progress.report(modelFinished(id, outcome, text, { citations, searchQueries, grounded, ...(ending === 'complete' ? {} : { ending }) }));
          } else if (engine.settled === runs && engine.answers.length === 0) {
            progress.report(modelFinished(id, outcome));
          }
        }),
      ),
    );

    const brandLists = await this.listBrands(engines, signal);
    const runAnswers: AuditRunAnswers = {};
    const answer: Omit<AuditAnswer, 'brands' | 'visibility' | 'competitorVisibility' | 'reportId' | 'reportUrl'> = {
      query: data.query,
      responses: {},
      errors: {},
      citations: {},
      searchQueries: {},
      grounded: {},
      endings: {},
      models: {},
      endingCounts: {},
      searchSuggestions: {},
      runs,
      runAnswers,
    };
    const usage: AuditRecord['usage'] = {};
    for (const id of MODEL_PROVIDER_IDS) {
      const { answers, failures } = engines[id];
      const key = AUDIT_MODEL_KEYS[id];
      const complete = answers.filter((run) => run.ending === 'complete');
      const shown = SHOWN_ORDER.map((ending) => answers.find((run) => run.ending === ending)).find((run) => run !== undefined);
      if (shown) {
        answer.endings[key] = shown.ending;
        answer.models[key] = shown.model ?? this.config.providers[id].model;
        if (shown.ending !== 'refused') {
          answer.responses[key] = shown.text;
          answer.citations[key] = shown.citations;
          answer.searchQueries[key] = shown.searchQueries;
          answer.grounded[key] = shown.grounded;
          if (shown.searchSuggestions !== undefined) answer.searchSuggestions[key] = shown.searchSuggestions;
        }
        const cutOff = answers.filter((run) => run.ending === 'cut-off').length;
        const refused = answers.filter((run) => run.ending === 'refused').length;
        if (cutOff + refused > 0) answer.endingCounts[key] = { cutOff, refused };
        // Only complete answers are measured: a cut-off or refused answer is neither a full answer nor one without a mention.
        if (complete.length > 0) {
          runAnswers[key] = complete.map((run) => ({
            text: run.text,
            citations: run.citations,
            searchQueries: run.searchQueries,
            grounded: run.grounded,
            brands: brandLists.get(extractionId(key, answers.indexOf(run))) ?? [],
          }));
        }
        usage[key] = sumUsage(answers.map((run) => run.usage));
      } else if (failures.length > 0) {
        answer.errors[key] = failures[failures.length - 1]!;
        answer.endings[key] = 'failed';
      }
    }
    const { brands, visibility, competitorVisibility } = auditBrandReport(runAnswers, data.brand, data.competitors);
    return { answer: { ...answer, brands, visibility, competitorVisibility }, usage };
  }

  /**
   * One structured-output call over every answer, under its own short deadline; without a usable
   * answer in time, each answer's brands are read from its text.
   */
  private async listBrands(engines: Record<ModelProviderId, EngineRuns>, jobSignal: AbortSignal): Promise<Map<string, string[]>> {
    const items: BrandExtractionItem[] = MODEL_PROVIDER_IDS.flatMap((id) =>
      engines[id].answers.flatMap((run, index) => (run.ending === 'complete' ? [{ id: extractionId(AUDIT_MODEL_KEYS[id], index), text: run.text }] : [])),
    );
    const fallback = () => new Map(items.map((item) => [item.id, fallbackBrands(item.text)]));
    if (items.length === 0) return new Map();
    const budget = new DeadlineSignal(brandExtractionDeadlineMs(this.config.modelDeadlineMs), jobSignal);
    try {
      const listed = await this.fleet.askFirst(
        EXTRACTION_ORDER.filter((id) => engines[id].answers.some((run) => run.ending !== 'refused')),
        brandExtractionRequest(items),
        checkBrandExtraction(items),
        budget.signal,
      );
      return listed.provider === undefined ? fallback() : listed.value;
    } catch (error) {
      if (jobSignal.aborted) throw error;
      return fallback();
    } finally {
      budget.dispose();
    }
  }
}

function extractionId(key: AuditModelKey, index: number): string {
  return `${key}-${index + 1}`;
}

function sumUsage(usages: readonly ModelUsage[]): ModelUsage {
  return usages.reduce(
    (sum, usage) => ({ inputTokens: sum.inputTokens + usage.inputTokens, outputTokens: sum.outputTokens + usage.outputTokens, searches: sum.searches + usage.searches }),
    { inputTokens: 0, outputTokens: 0, searches: 0 },
  );
}

/**
 * Shown as plain text like every tool's model text (no links, images or HTML, whatever the page
 * or query asked for), with the engine's citations as numbered markers; titles, quotes and
 * searches are plain text too, and every citation is an http(s) address.
 */
export function checkGroundedAnswer(answer: GroundedAnswer): AuditModelAnswer {
  const extras = {
    usage: answer.usage,
    ending: answer.ending,
    ...(answer.model === undefined ? {} : { model: plainModelText(answer.model, MAX_QUERY_CHARS) }),
    ...(answer.searchSuggestions === undefined ? {} : { searchSuggestions: answer.searchSuggestions.slice(0, MAX_SUGGESTIONS_CHARS) }),
  };
  if (answer.ending === 'refused') return { text: '', citations: [], searchQueries: [], grounded: answer.searched, ...extras };
  const text = renderSourceMarks(plainModelAnswer(answer.text, MAX_ANSWER_CHARS), MAX_CITATIONS);
  if (!text) throw answer.ending === 'cut-off' ? new CutOffError('no text before the budget ran out') : new AnswerFormatError('empty answer');
  const citations = answer.citations.slice(0, MAX_CITATIONS).map(({ url, title, citedText }) => {
    const quoted = citedText === undefined ? '' : plainModelText(citedText, MAX_CITED_TEXT_CHARS);
    return { url, title: plainModelText(title, MAX_TITLE_CHARS) || new URL(url).hostname, ...(quoted ? { citedText: quoted } : {}) };
  });
  const searchQueries = answer.searchQueries
    .map((query) => plainModelText(query, MAX_QUERY_CHARS))
    .filter(Boolean)
    .slice(0, MAX_SEARCH_QUERIES);
  return { text, citations, searchQueries, grounded: answer.searched, ...extras };
}
