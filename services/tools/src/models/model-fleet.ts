import { setTimeout as sleep } from 'node:timers/promises';
import { inSpan } from '@agency/server-kit';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import type { ToolsConfig } from '../config/tools-config.js';
import { AnthropicProvider } from './anthropic.provider.js';
import { GeminiProvider } from './gemini.provider.js';
import type { ModelProvider } from './model-provider.js';
import type { ModelCallError, ModelRequest } from './model-request.js';
import { OpenAiCompatibleProvider } from './openai-compatible.provider.js';
import { DeadlineSignal } from './deadline-signal.js';
import { LINKS_AS_GIVEN, type GroundedAnswer, type LinkResolver, type SearchRequest } from './grounded-answer.js';
import { classifyProviderError } from './provider-error.js';
import { ModelMetrics } from './model-metrics.js';
import { MODEL_PROVIDER_IDS, SEARCH_ENGINE_IDS, type ModelProviderId, type SearchEngineId } from '@agency/shared';
import { PerplexityProvider } from './perplexity.provider.js';

/** At most this many attempts per provider call (429 and 5xx are retried, with backoff, inside the deadline). */
const MAX_ATTEMPTS = 3;
const BACKOFF_BASE_MS = 300;
/** A retry that could not finish before the deadline is not started. */
const MIN_USEFUL_REMAINING_MS = 250;

/** Checks a model's answer; throws a readable error when it does not fit. */
export type AnswerCheck<T, A = string> = (answer: A) => T;

/** `links` resolves Gemini's grounding redirect links (the worker gives the SSRF-guarded one). */
export function createProviders(config: ToolsConfig, links: LinkResolver = LINKS_AS_GIVEN): Record<SearchEngineId, ModelProvider> {
  const deadline = config.modelDeadlineMs;
  return {
    openai: new OpenAiCompatibleProvider('openai', config.providers.openai, deadline),
    anthropic: new AnthropicProvider(config.providers.anthropic, deadline),
    gemini: new GeminiProvider(config.providers.gemini, links),
    xai: new OpenAiCompatibleProvider('xai', config.providers.xai, deadline),
    perplexity: new PerplexityProvider(config.providers.perplexity, deadline),
  };
}

export type CheckedOutcome<T> =
  | { kind: 'answered'; value: T }
  | { kind: 'failed'; message: string }
  /** No key configured: the page shows the model as "Unavailable". */
  | { kind: 'unavailable' };

/**
 * Asks the four providers (and, for the audit's questions, Perplexity too), each under its own deadline, so that one slow or failing
 * provider never costs the others their answers.
 */
export class ModelFleet {
  private readonly metrics = new ModelMetrics();

  constructor(
    private readonly providers: Record<SearchEngineId, ModelProvider>,
    private readonly deadlineMs: number,
  ) {}

  get configuredCount(): number {
    return MODEL_PROVIDER_IDS.filter((id) => this.providers[id].configured).length;
  }

  /** `onOutcome` hears each provider's outcome as soon as it is known (for live progress). */
  askAll<T>(
    request: (id: ModelProviderId) => ModelRequest,
    check: AnswerCheck<T>,
    jobSignal: AbortSignal,
    onOutcome?: (id: ModelProviderId, outcome: CheckedOutcome<T>) => void,
  ): Promise<Record<ModelProviderId, CheckedOutcome<T>>> {
    return this.everyProvider(MODEL_PROVIDER_IDS, (id) => this.ask(id, request(id), check, jobSignal), onOutcome);
  }

  /** One plain call (no web search) to every search engine the audit asks, each under its own deadline. */
  askEngines<T>(
    request: ModelRequest,
    check: AnswerCheck<T>,
    jobSignal: AbortSignal,
  ): Promise<Record<SearchEngineId, CheckedOutcome<T>>> {
    return this.everyProvider(SEARCH_ENGINE_IDS, (id) => this.ask(id, request, check, jobSignal));
  }

  /** The question in every engine's web-search mode, each under its own deadline. */
  searchAll<T>(
    request: SearchRequest,
    check: AnswerCheck<T, GroundedAnswer>,
    jobSignal: AbortSignal,
    onOutcome?: (id: SearchEngineId, outcome: CheckedOutcome<T>) => void,
  ): Promise<Record<SearchEngineId, CheckedOutcome<T>>> {
    return this.everyProvider(SEARCH_ENGINE_IDS, (id) => this.attempt(id, 'search', (provider, signal) => provider.search(request, signal), check, jobSignal), onOutcome);
  }

  private async everyProvider<I extends SearchEngineId, T>(
    ids: readonly I[],
    outcomeOf: (id: I) => Promise<CheckedOutcome<T>>,
    onOutcome?: (id: I, outcome: CheckedOutcome<T>) => void,
  ): Promise<Record<I, CheckedOutcome<T>>> {
    const outcomes = await Promise.all(
      ids.map(async (id) => {
        const outcome = await outcomeOf(id);
        onOutcome?.(id, outcome);
        return outcome;
      }),
    );
    return Object.fromEntries(ids.map((id, index) => [id, outcomes[index]])) as Record<I, CheckedOutcome<T>>;
  }

  /** Tries providers in the given order until one gives a checked answer. */
  async askFirst<T>(
    order: readonly ModelProviderId[],
    request: ModelRequest,
    check: AnswerCheck<T>,
    jobSignal: AbortSignal,
  ): Promise<{ provider: ModelProviderId; value: T } | { provider: undefined; problems: string[] }> {
    const problems: string[] = [];
    for (const id of order) {
      const outcome = await this.ask(id, request, check, jobSignal);
      if (outcome.kind === 'answered') return { provider: id, value: outcome.value };
      if (outcome.kind === 'failed') problems.push(outcome.message);
    }
    return { provider: undefined, problems };
  }

  ask<T>(id: SearchEngineId, request: ModelRequest, check: AnswerCheck<T>, jobSignal: AbortSignal): Promise<CheckedOutcome<T>> {
    return this.attempt(id, 'complete', (provider, signal) => provider.complete(request, signal), check, jobSignal);
  }

  /** One provider's call under its deadline, retried on 429/5xx while time remains, its answer checked. */
  private async attempt<A, T>(
    id: SearchEngineId,
    kind: 'search' | 'complete',
    call: (provider: ModelProvider, signal: AbortSignal) => Promise<A>,
    check: AnswerCheck<T, A>,
    jobSignal: AbortSignal,
  ): Promise<CheckedOutcome<T>> {
    const provider = this.providers[id];
    if (!provider.configured) return { kind: 'unavailable' };
    // One span per provider call, its retries included, in the trace of the job that made it.
    return inSpan(`model ${id}`, SpanKind.CLIENT, async (span) => {
      span.setAttributes({ 'gen_ai.system': id, 'model.call': kind });
      const tries = { count: 0 };
      const outcome = await this.callWithRetries(id, provider, call, check, jobSignal, tries);
      span.setAttributes({ 'model.outcome': outcome.kind, 'model.attempts': tries.count });
      if (outcome.kind === 'failed') span.setStatus({ code: SpanStatusCode.ERROR, message: outcome.message });
      return outcome;
    });
  }

  private async callWithRetries<A, T>(
    id: SearchEngineId,
    provider: ModelProvider,
    call: (provider: ModelProvider, signal: AbortSignal) => Promise<A>,
    check: AnswerCheck<T, A>,
    jobSignal: AbortSignal,
    tries: { count: number },
  ): Promise<CheckedOutcome<T>> {
    const startedAt = Date.now();
    const deadline = new DeadlineSignal(this.deadlineMs, jobSignal);
    const { signal } = deadline;
    try {
      for (let attempt = 1; ; attempt++) {
        tries.count = attempt;
        const attemptStartedAt = performance.now();
        const seconds = (): number => (performance.now() - attemptStartedAt) / 1000;
        try {
          const answer = await call(provider, signal);
          this.metrics.attempt(id, 'answered', seconds());
          this.metrics.usage(id, answer);
          return { kind: 'answered', value: check(answer) };
        } catch (error) {
          if (jobSignal.aborted) throw jobSignal.reason;
          if (deadline.timedOut) {
            this.metrics.attempt(id, 'timeout', seconds());
            return { kind: 'failed', message: `${provider.label} did not answer within ${formatSeconds(this.deadlineMs)}.` };
          }
          const problem = classifyProviderError(error, provider.label);
          this.metrics.attempt(id, 'error', seconds());
          this.metrics.error(id, problem.retryable);
          const remaining = this.deadlineMs - (Date.now() - startedAt);
          const wait = backoffMs(attempt, problem);
          if (!problem.retryable || attempt >= MAX_ATTEMPTS || remaining - wait < MIN_USEFUL_REMAINING_MS) {
            return { kind: 'failed', message: problem.message };
          }
          this.metrics.retry(id);
          try {
            await sleep(wait, undefined, { signal });
          } catch {
            if (jobSignal.aborted) throw jobSignal.reason;
            return { kind: 'failed', message: problem.message };
          }
        }
      }
    } finally {
      deadline.dispose();
    }
  }
}

/**
 * Exponential backoff with equal jitter: at least half of each step (150 ms, then 300 ms), so a
 * retry is never immediate; a provider's Retry-After wins when it is longer.
 */
function backoffMs(attempt: number, problem: ModelCallError): number {
  const step = BACKOFF_BASE_MS * 2 ** (attempt - 1);
  return Math.max(step / 2 + (Math.random() * step) / 2, problem.retryAfterMs ?? 0);
}

function formatSeconds(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

