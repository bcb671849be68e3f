import { EnvReader, readServerConfig, type ServerConfig, type OutboxSettings, readOutboxSettings } from '@agency/server-kit';
import { DEFAULT_AUDIT_REPORT_DAYS, DEFAULT_AUDIT_RUNS, DEFAULT_TRACKED_PER_EMAIL, MAX_AUDIT_RUNS, SEARCH_ENGINE_IDS, type SearchEngineId } from '@agency/shared';
import { type ToolDeadlines, toolDeadlines } from '../jobs/tool-deadlines.js';

export interface ProviderSettings {
  apiKey: string | undefined;
  /** Undefined means the provider's own endpoint. */
  baseUrl: string | undefined;
  model: string;
}

export interface ToolsConfig extends ServerConfig {
  port: number;
  databaseUrl: string;
  /** The four providers and Perplexity (the audit's fifth engine). */
  providers: Record<SearchEngineId, ProviderSettings>;
  /** Per-provider deadline: the request is aborted and its error recorded after this. */
  modelDeadlineMs: number;
  workerConcurrency: number;
  /** How long a request may wait in the queue on top of the model deadline before it answers 504. */
  queueWaitMs: number;
  /** Each tool's whole deadline (model phases and queue wait), from the two settings above. */
  toolDeadlineMs: ToolDeadlines;
  /** Waiting jobs beyond this get 503 "busy" instead of a place in the queue. */
  maxQueueDepth: number;
  /**
   * A worker's hold on a job, renewed while it runs; a job whose worker died is taken over within
   * about 5/3 of this. Callers still waiting then get its answer if it fits their deadline.
   */
  jobLockMs: number;
  rateLimit: { requests: number; windowSeconds: number };
  /** Model calls all replicas may start in a UTC day (grounded calls cost about 10–35 US dollars per 1,000 searches). */
  dailyModelCalls: number;
  siteCheck: { testOnlyAllowPrivateAddresses: boolean; testOnlyAllowedPorts: number[] };
  /** Independent query-generation passes per Semantic Expansion request (FAN_OUT_PASSES); a query's weight is the share that produced it. */
  semanticExpansionPasses: number;
  /** Demo mode: every provider is the model simulator at this address (MODEL_SIMULATOR_URL). */
  modelSimulatorUrl: string | undefined;
  /** A worker's /metrics and /health listener (WORKER_METRICS_PORT); none when unset. */
  workerMetricsPort: number | undefined;
  /** The gateway's access log (GATEWAY_ACCESS_LOG), which the admin's crawler report reads; none when unset. */
  gatewayAccessLog: string | undefined;
  /** Answers the audit asks of each engine, all at once inside the one deadline. */
  auditRuns: number;
  /** Days a stored audit report can be opened by its link. */
  auditReportDays: number;
  /** Demo mode (MODEL_SIMULATOR_URL set): every report says its answers are simulated. */
  demoMode: boolean;
  /** The emails and webhook deliveries a stored tool run writes to the outbox (the content service sends them). */
  outbox: OutboxSettings;
  tracking: TrackingSettings;
}

/** "Track this question" (tracked questions re-run on their schedules by the workers). */
export interface TrackingSettings {
  /** Tracked questions one address may hold at once, pending or running (TRACKING_MAX_PER_EMAIL). */
  maxPerEmail: number;
  /**
   * The share of the day's model calls (TOOLS_DAILY_MODEL_CALLS) tracked runs may use, in percent
   * (TRACKING_DAILY_SHARE_PERCENT): past it they wait for the next UTC day, and the rest stays for
   * the free tools.
   */
  dailySharePercent: number;
  /** Tracked runs one worker process runs at once (TRACKING_CONCURRENCY). */
  concurrency: number;
}

/** Current models that take each provider's web search and image input (docs/providers.md says where each is documented). */
export const DEFAULT_MODELS: Record<SearchEngineId, string> = {
  openai: 'gpt-5.5',
  // claude-sonnet-4-5 reaches end of life on 30 November 2026 (the SDK warns on every call).
  anthropic: 'claude-sonnet-5-5',
  gemini: 'gemini-3.5-flash',
  xai: 'grok-4.5',
  perplexity: 'sonar',
};

const ENV_PREFIX: Record<SearchEngineId, string> = {
  openai: 'OPENAI',
  anthropic: 'ANTHROPIC',
  gemini: 'GEMINI',
  xai: 'XAI',
  perplexity: 'PERPLEXITY',
};

/** Where each provider's wire protocol lives on the model simulator (services/model-sim). */
const SIMULATOR_PATHS: Record<SearchEngineId, string> = {
  openai: '/openai/v1',
  anthropic: '/anthropic',
  gemini: '/gemini',
  xai: '/xai/v1',
  perplexity: '/perplexity',
};

/** The gateway's proxy_read_timeout is 120 s; a fan-out job runs two model phases and a crawl inside it. */
const MAX_MODEL_DEADLINE_MS = 45_000;

/** Workers look for jobs whose lock expired this often: a lost job waits at most lock + interval. */
export function stalledCheckIntervalMs(jobLockMs: number): number {
  return Math.round((jobLockMs * 2) / 3);
}

/** Reads and validates the tools API's and the workers' environment once, at start. */
export function loadToolsConfig(env: NodeJS.ProcessEnv = process.env): ToolsConfig {
  const reader = new EnvReader(env);
  const server = readServerConfig(reader);
  const simulatorValue = reader.optionalString('MODEL_SIMULATOR_URL');
  const modelSimulatorUrl = simulatorValue && reader.url('MODEL_SIMULATOR_URL', simulatorValue, ['http:', 'https:']).replace(/\/+$/, '');
  const providers = Object.fromEntries(
    SEARCH_ENGINE_IDS.map((id) => {
      const prefix = ENV_PREFIX[id];
      if (modelSimulatorUrl) {
        reader.require(
          !reader.optionalString(`${prefix}_API_KEY`) && !reader.optionalString(`${prefix}_BASE_URL`),
          `MODEL_SIMULATOR_URL (demo mode) points every provider at the simulator; unset ${prefix}_API_KEY and ${prefix}_BASE_URL, or MODEL_SIMULATOR_URL`,
        );
        const simulated: ProviderSettings = { apiKey: 'demo-mode', baseUrl: `${modelSimulatorUrl}${SIMULATOR_PATHS[id]}`, model: reader.string(`${prefix}_MODEL`, DEFAULT_MODELS[id]) };
        return [id, simulated];
      }
      const baseUrl = reader.optionalString(`${prefix}_BASE_URL`);
      if (baseUrl !== undefined) reader.url(`${prefix}_BASE_URL`, baseUrl, ['http:', 'https:']);
      const settings: ProviderSettings = {
        apiKey: reader.optionalString(`${prefix}_API_KEY`),
        baseUrl: baseUrl?.replace(/\/+$/, ''),
        model: reader.string(`${prefix}_MODEL`, DEFAULT_MODELS[id]),
      };
      return [id, settings];
    }),
  ) as Record<SearchEngineId, ProviderSettings>;

  const testOnlyAllowPrivateAddresses = reader.optionalString('SITE_CHECK_TEST_ONLY_ALLOW_PRIVATE') === '1';
  const allowedPorts = (reader.optionalString('SITE_CHECK_TEST_ONLY_PORTS') ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
    .map(Number);
  reader.require(
    allowedPorts.every((port) => Number.isInteger(port) && port > 0 && port < 65536),
    'SITE_CHECK_TEST_ONLY_PORTS must be a comma-separated list of ports',
  );
  reader.require(
    server.environment !== 'production' || (!testOnlyAllowPrivateAddresses && allowedPorts.length === 0),
    'SITE_CHECK_TEST_ONLY_* settings are for tests and are refused in production',
  );

  const modelDeadlineMs = reader.integer('MODEL_DEADLINE_MS', 30_000, { min: 100, max: MAX_MODEL_DEADLINE_MS });
  const queueWaitMs = reader.integer('TOOLS_QUEUE_WAIT_MS', 15_000, { min: 100, max: 30_000 });
  const config: ToolsConfig = {
    ...server,
    port: reader.port('TOOLS_PORT', 3002),
    databaseUrl: reader.url('DATABASE_URL', 'postgres://postgres@127.0.0.1:5432/agency', ['postgres:', 'postgresql:']),
    providers,
    modelDeadlineMs,
    workerConcurrency: reader.integer('WORKER_CONCURRENCY', 50, { min: 1, max: 1000 }),
    queueWaitMs,
    toolDeadlineMs: toolDeadlines(modelDeadlineMs, queueWaitMs),
    auditRuns: reader.integer('AUDIT_RUNS', DEFAULT_AUDIT_RUNS, { min: 1, max: MAX_AUDIT_RUNS }),
    auditReportDays: reader.integer('AUDIT_REPORT_DAYS', DEFAULT_AUDIT_REPORT_DAYS, { min: 1, max: 3650 }),
    demoMode: modelSimulatorUrl !== undefined && modelSimulatorUrl !== '',
    maxQueueDepth: reader.integer('TOOLS_MAX_QUEUE_DEPTH', 1000, { min: 1, max: 1_000_000 }),
    jobLockMs: reader.integer('TOOLS_JOB_LOCK_MS', 15_000, { min: 1000, max: 60_000 }),
    rateLimit: {
      requests: reader.integer('TOOLS_RATE_LIMIT', 20, { min: 1, max: 1_000_000 }),
      windowSeconds: reader.integer('TOOLS_RATE_WINDOW_SECONDS', 3600, { min: 1, max: 86_400 }),
    },
    dailyModelCalls: reader.integer('TOOLS_DAILY_MODEL_CALLS', 2000, { min: 1, max: 100_000_000 }),
    siteCheck: { testOnlyAllowPrivateAddresses, testOnlyAllowedPorts: allowedPorts },
    semanticExpansionPasses: reader.integer('FAN_OUT_PASSES', 3, { min: 1, max: 5 }),
    modelSimulatorUrl: modelSimulatorUrl || undefined,
    gatewayAccessLog: reader.optionalString('GATEWAY_ACCESS_LOG'),
    workerMetricsPort: reader.optionalString('WORKER_METRICS_PORT') === undefined ? undefined : reader.port('WORKER_METRICS_PORT', 3010),
    outbox: readOutboxSettings(reader),
    tracking: {
      maxPerEmail: reader.integer('TRACKING_MAX_PER_EMAIL', DEFAULT_TRACKED_PER_EMAIL, { min: 1, max: 100 }),
      dailySharePercent: reader.integer('TRACKING_DAILY_SHARE_PERCENT', 50, { min: 0, max: 100 }),
      concurrency: reader.integer('TRACKING_CONCURRENCY', 2, { min: 1, max: 100 }),
    },
  };
  reader.finish();
  return config;
}
