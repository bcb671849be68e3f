import { MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ModelProviderId } from '@agency/shared';
import { isIP } from 'node:net';
import { z } from 'zod';

export const SIM_PROVIDERS = MODEL_PROVIDER_IDS;
export type SimProvider = ModelProviderId;
export const PROVIDER_LABELS = MODEL_PROVIDER_LABELS;

const providerFaultsSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(600_000).optional(),
  jitterMs: z.number().int().min(0).max(600_000).optional(),
  status: z.number().int().min(400).max(599).optional(),
  failTimes: z.number().int().min(0).optional(),
  retryAfterSeconds: z.number().int().min(0).max(86_400).optional(),
  hang: z.boolean().optional(),
  malformed: z.boolean().optional(),
});

/**
 * How one provider misbehaves. `status` fails every request unless `failTimes` limits it to the
 * next N; `hang` wins over everything else; latency is `latencyMs` plus a uniform draw in [0, jitterMs].
 */
export type ProviderFaults = z.infer<typeof providerFaultsSchema>;

const simConfigSchema = z.strictObject({
  default: providerFaultsSchema.optional(),
  openai: providerFaultsSchema.optional(),
  anthropic: providerFaultsSchema.optional(),
  gemini: providerFaultsSchema.optional(),
  xai: providerFaultsSchema.optional(),
});

/** `default` applies to every provider; a provider's own fields override it field by field. */
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
 * RETRY_AFTER_SECONDS, HANG or MALFORMED.
 */
export function simConfigFromEnv(env: NodeJS.ProcessEnv): SimConfig {
  const config: Record<string, unknown> = {};
  const defaults = readEnvFaults(env, 'SIM_');
  if (defaults) config.default = defaults;
  for (const provider of SIM_PROVIDERS) {
    const faults = readEnvFaults(env, `SIM_${provider.toUpperCase()}_`);
    if (faults) config[provider] = faults;
  }
  return parseSimConfig(config);
}

/** MODEL_SIM_PORT (3099) and BIND_HOST: loopback unless widened, like the services it stands in for. */
export function simListenFromEnv(env: NodeJS.ProcessEnv): { port: number; host: string } {
  const rawPort = env.MODEL_SIM_PORT?.trim() || '3099';
  const port = Number(rawPort);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new SimConfigError(`MODEL_SIM_PORT must be a port number, got "${rawPort}"`);
  const host = env.BIND_HOST?.trim() || '127.0.0.1';
  if (isIP(host) === 0) throw new SimConfigError(`BIND_HOST must be an IP address such as 127.0.0.1 or 0.0.0.0, got "${host}"`);
  return { port, host };
}
