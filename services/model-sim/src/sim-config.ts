import { MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ModelProviderId } from '@agency/shared';
import { z } from 'zod';

export const SIM_PROVIDERS = MODEL_PROVIDER_IDS;
export type SimProvider = ModelProviderId;
export const PROVIDER_LABELS = MODEL_PROVIDER_LABELS;

/**
 * How an engine's web search goes wrong: it searches but cites nothing, answers from memory
 * without searching, or sends a malformed tool block (each protocol breaks its own kind).
 */
export const SEARCH_FAULTS = ['no-sources', 'no-search', 'malformed-tool'] as const;
export type SearchFault = (typeof SEARCH_FAULTS)[number];

const providerFaultsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  jitterMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  failTimes: z.number().int().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  hang: z.boolean().optional(),
  malformed: z.boolean().optional(),
  searchFault: z.enum(SEARCH_FAULTS).optional(),
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
  ['SEARCH_FAULT', 'searchFault', 'search-fault'],
] as const;

function readEnvFaults(env: NodeJS.ProcessEnv, prefix: string): Record<string, unknown> | undefined {
  const faults: Record<string, unknown> = {};
  for (const [suffix, field, kind] of ENV_FIELDS) {
    const name = `${prefix}${suffix}`;
    const raw = env[name]?.trim();
    if (raw === undefined || raw === '') continue;
    if (kind === 'int') {
      if (!/^\d+$/.test(raw)) throw new SimConfigError(`${name} must be a whole number, got "${raw}"`);
      faults[field] = Number(raw);
    } else if (kind === 'search-fault') {
      if (!(SEARCH_FAULTS as readonly string[]).includes(raw)) throw new SimConfigError(`${name} must be one of ${SEARCH_FAULTS.join(', ')}, got "${raw}"`);
      faults[field] = raw;
    } else {
      if (!/^(1|0|true|false)$/i.test(raw)) throw new SimConfigError(`${name} must be 1, 0, true or false, got "${raw}"`);
      faults[field] = raw === '1' || raw.toLowerCase() === 'true';
    }
  }
  return Object.keys(faults).length > 0 ? faults : undefined;
}

/**
 * Reads SIM_<FIELD> (all providers) and SIM_<PROVIDER>_<FIELD> (one provider), where PROVIDER is
 * OPENAI, ANTHROPIC, GEMINI or XAI and FIELD is LATENCY_MS, JITTER_MS, STATUS, FAIL_TIMES,
 * RETRY_AFTER_SECONDS, HANG, MALFORMED or SEARCH_FAULT; and SIM_CITED_SITE.
 */
export function simConfigFromEnv(env: NodeJS.ProcessEnv): SimConfig {
  const config: Record<string, unknown> = {};
  const citedSite = env.SIM_CITED_SITE?.trim();
  if (citedSite) config.citedSite = citedSite;
  const defaults = readEnvFaults(env, 'SIM_');
  if (defaults) config.default = defaults;
  for (const provider of SIM_PROVIDERS) {
    const faults = readEnvFaults(env, `SIM_${provider.toUpperCase()}_`);
    if (faults) config[provider] = faults;
  }
  return parseSimConfig(config);
}
