import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { Inject, Injectable } from '@nestjs/common';
import {
  AUDIT_MODEL_KEYS,
  auditBrandReport,
  auditInsights,
  auditReportUrl,
  SEARCH_ENGINE_IDS,
  type AuditCitation,
  type AuditModelKey,
  type AuditRecord,
  type AuditRunAnswers,
  insightFields,
  type AuditInsights,
  type AuditMemoryAnswers,
  type MemoryAnswer,
  type ModelProviderId,
  type SearchEngineId,
} from '@agency/shared';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import type { AuditAnswer, ToolJobResult } from '../jobs/tool-jobs.js';
import { AUDIT_TOOL, brandExtractionDeadlineMs, type AuditPayload } from './audit.tool.js';
import { DeadlineSignal } from '../models/deadline-signal.js';
import { renderSourceMarks, type AnswerEnding, type GroundedAnswer, type ModelUsage, type SearchRequest } from '../models/grounded-answer.js';
import { ModelFleet } from '../models/model-fleet.js';
import { AnswerFormatError, CutOffError } from '../models/provider-error.js';
import { plainModelAnswer, plainModelText } from '../models/untrusted-text.js';
import { modelFinished, type ProgressReporter } from '../worker/progress-reporter.js';
import { brandExtractionRequest, checkBrandExtraction, fallbackBrands, type BrandExtractionItem, type ListedBrands } from './brand-extraction.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';

const MAX_ANSWER_CHARS = 12_000;
const MAX_CITATIONS = 20;
const MAX_TITLE_CHARS = 300;
const MAX_CITED_TEXT_CHARS = 500;
const MAX_SEARCH_QUERIES = 10;
/** Pages kept per answer of those the engine read. */
const MAX_RETRIEVED = 40;
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
  /** The pages it read, where the engine says (undefined where it does not). */
  retrieved?: string[];
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
 * Asks the five engines the visitor's query AUDIT_RUNS times each in their web-search mode, and
 * once each with search off (what the model knows from memory), all at once and each under its
 * own deadline; lists the brands every answer recommends with their tone, computes the report's
 * figures once, and stores the whole as a report.
 */
@Injectable()
export class AuditHandler implements ToolJobHandler<'audit'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly records: ToolRecords,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  async handle(job: ToolJob<'audit'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'audit'>> {
    const { answer, usage, memoryAnswers } = await this.ask(job.data, progress, signal);
    const reportId = await this.store(job, answer, usage, memoryAnswers);
    return { ok: true, answer: { ...answer, reportId, reportUrl: auditReportUrl(reportId) } };
  }

  /**
   * The measurement itself, stored by the caller: a visitor's audit as a report, a tracked
   * question's scheduled run as a dated sample of it.
   */
  async ask(
    data: Pick<AuditPayload, 'query' | 'brand' | 'competitors' | 'website'>,
    progress: ProgressReporter,
    signal: AbortSignal,
  ): Promise<{ answer: Omit<AuditAnswer, 'reportId' | 'reportUrl'>; usage: AuditRecord['usage']; memoryAnswers: AuditMemoryAnswers }> {
    const runs = this.config.auditRuns;
    const askedAt = new Date();
    // Each call (every engine `runs` times and once from memory, then the brand list) listens for the job's deadline.
    setMaxListeners(SEARCH_ENGINE_IDS.length * (runs + 1) + 10, signal);
    const request: SearchRequest = { system: AUDIT_INSTRUCTIONS, query: data.query, maxOutputTokens: AUDIT_OUTPUT_TOKENS, maxSearches: MAX_SEARCHES };
    const engines = Object.fromEntries(
      SEARCH_ENGINE_IDS.map((id): [SearchEngineId, EngineRuns] => [id, { answers: [], failures: [], unavailable: false, settled: 0 }]),
    ) as Record<SearchEngineId, EngineRuns>;
    // The same question and instructions with search off: whether the model knows the brand without looking.
    const memoryAsked = this.fleet.askEngines(
      { system: AUDIT_INSTRUCTIONS, user: data.query, maxOutputTokens: AUDIT_OUTPUT_TOKENS },
      (text) => plainModelAnswer(text, MAX_ANSWER_CHARS),
      signal,
    );
    await Promise.all(
      Array.from({ length: runs }, () =>
        this.fleet.searchAll(request, checkGroundedAnswer, signal, (id, outcome) => {
          // Perplexity without a key is left out of the audit altogether (the four show "Unavailable").
          if (id === 'perplexity' && outcome.kind === 'unavailable') return;
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

    const [brandLists, memoryOutcomes] = await Promise.all([this.listBrands(engines, signal), memoryAsked]);
    const memoryAnswers: Partial<Record<AuditModelKey, MemoryAnswer>> = {};
    for (const id of SEARCH_ENGINE_IDS) {
      const outcome = memoryOutcomes[id];
      if (outcome.kind === 'answered' && outcome.value.trim() !== '') memoryAnswers[AUDIT_MODEL_KEYS[id]] = { text: outcome.value };
    }
    const runAnswers: AuditRunAnswers = {};
    const answer: Omit<AuditAnswer, 'brands' | 'visibility' | 'competitorVisibility' | 'reportId' | 'reportUrl' | keyof AuditInsights> = {
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
    for (const id of SEARCH_ENGINE_IDS) {
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
          runAnswers[key] = complete.map((run) => {
            const listed = brandLists.get(extractionId(key, answers.indexOf(run)));
            return {
              text: run.text,
              citations: run.citations,
              searchQueries: run.searchQueries,
              grounded: run.grounded,
              brands: listed?.brands ?? [],
              ...(run.retrieved === undefined ? {} : { retrieved: run.retrieved }),
              ...(listed?.notes === undefined ? {} : { brandNotes: listed.notes }),
            };
          });
        }
        usage[key] = sumUsage(answers.map((run) => run.usage));
      } else if (failures.length > 0) {
        answer.errors[key] = failures[failures.length - 1]!;
        answer.endings[key] = 'failed';
      }
    }
    const { brands, visibility, competitorVisibility } = auditBrandReport(runAnswers, data.brand, data.competitors);
    const insights = auditInsights({
      runAnswers,
      brand: data.brand,
      competitors: data.competitors,
      website: data.website,
      brands,
      visibility,
      memoryAnswers,
      models: answer.models,
      runs,
      askedAt,
    });
    return { answer: { ...answer, brands, visibility, competitorVisibility, ...insights }, usage, memoryAnswers };
  }

  /**
   * Stores the run with its emails (the visitor's report, the staff alert) and answers its report
   * id: a new unguessable one, or the one an earlier attempt of the same job stored. `usage`, each
   * answering model's tokens and searches, stays with the record, out of the visitor's answer.
   */
  private async store(job: ToolJob<'audit'>, answer: Omit<AuditAnswer, 'reportId' | 'reportUrl'>, usage: AuditRecord['usage'], memoryAnswers: AuditMemoryAnswers): Promise<string> {
    const { data } = job;
    const reportId = randomBytes(16).toString('base64url');
    const visibility = answer.visibility;
    await this.records.store(AUDIT_TOOL, {
      jobId: job.id,
      email: data.email,
      question: data.query,
      values: {
        query: data.query,
        brand: data.brand,
        email: data.email,
        model: data.model,
        response: JSON.stringify(answer.responses),
        citations: answer.citations,
        searchQueries: answer.searchQueries,
        grounded: answer.grounded,
        usage,
        reportId,
        website: data.website ?? null,
        runs: answer.runs,
        runAnswers: answer.runAnswers,
        brands: answer.brands,
        visibility: answer.visibility,
        models: answer.models,
        simulated: this.config.demoMode,
        competitors: data.competitors ?? [],
        competitorVisibility: answer.competitorVisibility,
        errors: answer.errors,
        endings: answer.endings,
        endingCounts: answer.endingCounts,
        searchSuggestions: answer.searchSuggestions,
        insights: insightFields(answer),
        memoryAnswers,
      },
      visitorEmail: {
        kind: 'audit-report',
        subject: 'Your AI Search Audit report',
        payload: {
          question: data.query,
          brand: visibility?.brand ?? null,
          mentionedIn: visibility?.mentionedIn ?? null,
          answers: visibility?.answers ?? null,
          low: visibility?.low ?? null,
          high: visibility?.high ?? null,
          shareOfVoice: visibility?.shareOfVoice ?? null,
          engines: Object.keys(answer.responses).length,
          reportUrl: `${this.records.publicSiteUrl}${auditReportUrl(reportId)}`,
          simulated: this.config.demoMode,
        },
      },
    });
    return (await this.records.storedBy(AUDIT_TOOL, job.id)).reportId!;
  }

  /**
   * One structured-output call over every answer, under its own short deadline; without a usable
   * answer in time, each answer's brands are read from its text.
   */
  private async listBrands(engines: Record<SearchEngineId, EngineRuns>, jobSignal: AbortSignal): Promise<Map<string, ListedBrands>> {
    const items: BrandExtractionItem[] = SEARCH_ENGINE_IDS.flatMap((id) =>
      engines[id].answers.flatMap((run, index) => (run.ending === 'complete' ? [{ id: extractionId(AUDIT_MODEL_KEYS[id], index), text: run.text }] : [])),
    );
    const fallback = () => new Map(items.map((item): [string, ListedBrands] => [item.id, { brands: fallbackBrands(item.text) }]));
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
  const retrieved = answer.retrieved === undefined ? {} : { retrieved: [...new Set(answer.retrieved)].slice(0, MAX_RETRIEVED) };
  return { text, citations, searchQueries, grounded: answer.searched, ...retrieved, ...extras };
}
