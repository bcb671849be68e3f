import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type ModelProviderId } from '@agency/shared';
import type { ProviderSettings } from '../config/tools-config.js';
import { sdkFetch } from './sdk-fetch.js';

const XAI_BASE_URL = 'https://api.x.ai/v1';
const ENV_PREFIX: Record<ModelProviderId, string> = { openai: 'OPENAI', anthropic: 'ANTHROPIC', gemini: 'GEMINI', xai: 'XAI' };

/** The model ids a provider's models endpoint lists for this key (Gemini's without their "models/" prefix). */
export async function offeredModels(id: ModelProviderId, settings: ProviderSettings, signal: AbortSignal): Promise<string[]> {
  const apiKey = settings.apiKey ?? '';
  const ids: string[] = [];
  switch (id) {
    case 'openai':
    case 'xai': {
      const client = new OpenAI({ apiKey, baseURL: settings.baseUrl ?? (id === 'xai' ? XAI_BASE_URL : 'https://api.openai.com/v1'), maxRetries: 1, fetch: sdkFetch });
      for await (const model of client.models.list({ signal })) ids.push(model.id);
      break;
    }
    case 'anthropic': {
      const client = new Anthropic({ apiKey, ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}), maxRetries: 1, fetch: sdkFetch });
      for await (const model of client.models.list({}, { signal })) ids.push(model.id);
      break;
    }
    case 'gemini': {
      const client = new GoogleGenAI({ apiKey, httpOptions: { ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), fetch: sdkFetch } });
      for await (const model of await client.models.list({ config: { abortSignal: signal } })) {
        if (typeof model.name === 'string') ids.push(model.name.replace(/^models\//, ''));
      }
      break;
    }
  }
  return ids;
}

export interface ModelCheckResult {
  /** One sentence per configured model its provider does not offer, naming the variable. */
  missing: string[];
  /** Providers whose list could not be read (the check says so and lets the worker start). */
  unreadable: string[];
}

/** Asks each configured provider's models endpoint whether it offers the configured model. */
export async function checkConfiguredModels(providers: Record<ModelProviderId, ProviderSettings>, timeoutMs = 10_000): Promise<ModelCheckResult> {
  const result: ModelCheckResult = { missing: [], unreadable: [] };
  await Promise.all(
    MODEL_PROVIDER_IDS.filter((id) => providers[id].apiKey).map(async (id) => {
      const settings = providers[id];
      const label = MODEL_PROVIDER_LABELS[id];
      let offered: string[];
      try {
        offered = await offeredModels(id, settings, AbortSignal.timeout(timeoutMs));
      } catch (error) {
        result.unreadable.push(`${label}'s models list could not be read (${error instanceof Error ? error.message : String(error)}).`);
        return;
      }
      if (!offered.includes(settings.model)) {
        result.missing.push(`${ENV_PREFIX[id]}_MODEL is "${settings.model}", which ${label} does not list for this API key; set ${ENV_PREFIX[id]}_MODEL to a model it lists.`);
      }
    }),
  );
  return result;
}
