import { sharedMetric } from '@agency/server-kit';
import type { SearchEngineId as ModelProviderId } from '@agency/shared';
import { Counter, Histogram } from 'prom-client';
import type { ModelUsage } from './grounded-answer.js';

/** Each provider's calls as a worker sees them (docs/operations.md, "Metrics"). */
const callDuration = (): Histogram<'provider' | 'outcome'> =>
  sharedMetric(
    'tools_model_call_duration_seconds',
    () =>
      new Histogram({
        name: 'tools_model_call_duration_seconds',
        help: 'One attempt at a model provider call, by provider and outcome (answered, error, timeout).',
        labelNames: ['provider', 'outcome'],
        buckets: [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 45],
      }),
  );

const callErrors = (): Counter<'provider' | 'retryable'> =>
  sharedMetric(
    'tools_model_call_errors_total',
    () => new Counter({ name: 'tools_model_call_errors_total', help: 'Failed model call attempts, by provider and whether they could be retried.', labelNames: ['provider', 'retryable'] }),
  );

const callRetries = (): Counter<'provider'> =>
  sharedMetric(
    'tools_model_call_retries_total',
    () => new Counter({ name: 'tools_model_call_retries_total', help: 'Model calls tried again after a 429 or 5xx, by provider.', labelNames: ['provider'] }),
  );

const tokens = (): Counter<'provider' | 'direction'> =>
  sharedMetric(
    'tools_model_tokens_total',
    () => new Counter({ name: 'tools_model_tokens_total', help: 'Tokens the providers reported, by provider and direction (input, output).', labelNames: ['provider', 'direction'] }),
  );

const searches = (): Counter<'provider'> =>
  sharedMetric(
    'tools_model_searches_total',
    () => new Counter({ name: 'tools_model_searches_total', help: 'Web searches the providers reported running (billed per search).', labelNames: ['provider'] }),
  );

export type CallOutcome = 'answered' | 'error' | 'timeout';

export class ModelMetrics {
  private readonly duration = callDuration();
  private readonly errors = callErrors();
  private readonly retries = callRetries();
  private readonly tokens = tokens();
  private readonly searches = searches();

  attempt(provider: ModelProviderId, outcome: CallOutcome, seconds: number): void {
    this.duration.observe({ provider, outcome }, seconds);
  }

  error(provider: ModelProviderId, retryable: boolean): void {
    this.errors.inc({ provider, retryable: String(retryable) });
  }

  retry(provider: ModelProviderId): void {
    this.retries.inc({ provider });
  }

  /** What a web-search answer cost; plain completions report nothing here. */
  usage(provider: ModelProviderId, answer: unknown): void {
    const usage = (answer as { usage?: ModelUsage } | null)?.usage;
    if (!usage || typeof usage !== 'object') return;
    this.tokens.inc({ provider, direction: 'input' }, usage.inputTokens);
    this.tokens.inc({ provider, direction: 'output' }, usage.outputTokens);
    this.searches.inc({ provider }, usage.searches);
  }
}
