import { type Env, EnvReader } from '@agency/server-kit/config';
import { MODEL_PROVIDER_LABELS, SEARCH_ENGINE_IDS, type SearchEngineId } from '@agency/shared';
import { z } from 'zod';

/** The four providers and Perplexity (which the tools ask only for the audit). */
export const SIM_PROVIDERS = SEARCH_ENGINE_IDS;
export type SimProvider = SearchEngineId;
export const PROVIDER_LABELS = MODEL_PROVIDER_LABELS;

/**
 * How an engine's web search goes wrong: it searches but cites nothing, answers from memory
 * without searching, or sends a malformed tool block (each protocol breaks its own kind).
 */
export const SEARCH_FAULTS = ['no-sources', 'no-search', 'malformed-tool'] as const;
export type SearchFault = (typeof SEARCH_FAULTS)[number];

/**
 * How a web-search answer ends, in the shape each provider documents: cut short by the output
 * budget, paused mid-turn (Anthropic's pause_turn, answered when continued; the others answer
 * normally), refused, with every search failed (answered from memory), or with the whole budget
 * spent on reasoning before any text.
 */
export const SIM_ENDINGS = ['cut-off', 'paused', 'refused', 'search-error', 'reasoning-only'] as const;
export type SimEnding = (typeof SIM_ENDINGS)[number];

const providerFaultsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  jitterMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  failTimes: z.number().int().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  hang: z.boolean().optional(),
  malformed: z.boolean().optional(),
  searchFault: z.enum(SEARCH_FAULTS).optional(),
  ending: z.enum(SIM_ENDINGS).optional(),
});

/**
 * How one provider misbehaves. `status` fails every request unless `failTimes` limits it to the
 * next N; `hang` wins over everything else; latency is `latencyMs` plus a uniform draw in [0, jitterMs].
 */
export type ProviderFaults = z.infer<typeof providerFaultsSchema>;

const citedSiteSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'must be an http or https address');

const simConfigSchema = z.strictObject({
  /** Every engine's grounded answer cites one page of this site (tests check "your site is cited"). */
  citedSite: citedSiteSchema.optional(),
  default: providerFaultsSchema.optional(),
  openai: providerFaultsSchema.optional(),
  anthropic: providerFaultsSchema.optional(),
  gemini: providerFaultsSchema.optional(),
  xai: providerFaultsSchema.optional(),
  perplexity: providerFaultsSchema.optional(),
});

/** `default` applies to every provider; a provider's own fields override it field by field; `citedSite` applies to all. */
export type SimConfig = z.infer<typeof simConfigSchema>;

export class SimConfigError extends Error {}

export function parseSimConfig(input: unknown): SimConfig {
  const result = simConfigSchema.safeParse(input);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'config';
      return `${where}: ${issue.message}`;
    });
    throw new SimConfigError(`Invalid simulator config. ${problems.join('; ')}`);
  }
  return result.data;
}

export function effectiveFaults(config: SimConfig, provider: SimProvider): ProviderFaults {
  const merged: ProviderFaults = { ...config.default };
  for (const [key, value] of Object.entries(config[provider] ?? {})) {
    if (value !== undefined) Object.assign(merged, { [key]: value });
  }
  return merged;
}

const ENV_FIELDS = [
  ['LATENCY_MS', 'latencyMs', 'int'],
  ['JITTER_MS', 'jitterMs', 'int'],
  ['STATUS', 'status', 'int'],
  ['FAIL_TIMES', 'failTimes', 'int'],
  ['RETRY_AFTER_SECONDS', 'retryAfterSeconds', 'int'],
  ['HANG', 'hang', 'bool'],
  ['MALFORMED', 'malformed', 'bool'],
  ['SEARCH_FAULT', 'searchFault', SEARCH_FAULTS],
  ['ENDING', 'ending', SIM_ENDINGS],
] as const;

/**
 * Reads SIM_<FIELD> (all providers) and SIM_<PROVIDER>_<FIELD> (one provider), where PROVIDER is
 * OPENAI, ANTHROPIC, GEMINI or XAI and FIELD is LATENCY_MS, JITTER_MS, STATUS, FAIL_TIMES,
 * RETRY_AFTER_SECONDS, HANG, MALFORMED, SEARCH_FAULT or ENDING; and SIM_CITED_SITE. Problems go to
 * `env`, whose finish() names them all.
 */
function oneOf(env: EnvReader, name: string, values: readonly string[]): string | undefined {
  const value = env.optionalString(name);
  if (value === undefined) return undefined;
  const known = values.includes(value);
  env.require(known, `${name} must be one of ${values.join(', ')} (got "${value}")`);
  return known ? value : undefined;
}

export function readSimConfig(env: EnvReader): SimConfig {
  const config: Record<string, unknown> = {};
  const citedSite = env.optionalString('SIM_CITED_SITE');
  if (citedSite) config.citedSite = citedSite;
  const variableOf = new Map<string, string>();
  for (const scope of ['default', ...SIM_PROVIDERS] as const) {
    const prefix = scope === 'default' ? 'SIM_' : `SIM_${scope.toUpperCase()}_`;
    const faults: Record<string, unknown> = {};
    for (const [suffix, field, kind] of ENV_FIELDS) {
      const name = `${prefix}${suffix}`;
      variableOf.set(`${scope}.${field}`, name);
      const value = kind === 'int' ? env.optionalInteger(name) : kind === 'bool' ? env.optionalBoolean(name) : oneOf(env, name, kind);
      if (value !== undefined) faults[field] = value;
    }
    if (Object.keys(faults).length > 0) config[scope] = faults;
  }
  // The schema holds the ranges; its complaints are put in terms of the variables.
  const result = simConfigSchema.safeParse(config);
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    const where = issue.path.join('.');
    env.require(false, `${variableOf.get(where) ?? where}: ${issue.message}`);
  }
  return {};
}

/** The simulator config alone; throws SimConfigError naming every bad variable. */
export function simConfigFromEnv(env: Env): SimConfig {
  const reader = new EnvReader(env);
  const config = readSimConfig(reader);
  reader.finish(SimConfigError);
  return config;
}

/** MODEL_SIM_PORT (3099; 0 picks a free port, the tests' way) and BIND_HOST: loopback unless widened, like the services it stands in for. */
export function readSimListen(env: EnvReader): { port: number; host: string } {
  return { port: env.integer('MODEL_SIM_PORT', 3099, { min: 0, max: 65_535 }), host: env.ipAddress('BIND_HOST', '127.0.0.1') };
}

/** Where the simulator listens alone; throws SimConfigError naming every bad variable. */
export function simListenFromEnv(env: Env): { port: number; host: string } {
  const reader = new EnvReader(env);
  const listen = readSimListen(reader);
  reader.finish(SimConfigError);
  return listen;
}
