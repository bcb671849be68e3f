import type { ModelProviderId } from './model-providers.js';

/**
 * The answers of the three tool endpoints (docs/api.md), shared by the tools service and the pages.
 * The audit and the image reader key their models differently from MODEL_PROVIDER_IDS.
 */

export type AuditModelKey = 'openai' | 'claude' | 'gemini' | 'grok';

/** POST /api/llm-query answer key of each provider, in the order the site lists them. */
export const AUDIT_MODEL_KEYS: Record<ModelProviderId, AuditModelKey> = { openai: 'openai', anthropic: 'claude', gemini: 'gemini', xai: 'grok' };

export interface AuditAnswer {
  query: string;
  responses: Partial<Record<AuditModelKey, string>>;
  errors: Partial<Record<AuditModelKey, string>>;
}

export interface WebsiteAnalysisItem {
  query: string;
  found: boolean;
  content?: string;
  suggestions: string[];
}

export interface FanOutAnswer {
  queries: string[];
  websiteAnalysis: WebsiteAnalysisItem[];
}

export type ImageModelKey = 'openai' | 'anthropic' | 'gemini' | 'grok';

/** POST /api/analyze-image answer key of each provider. */
export const IMAGE_MODEL_KEYS: Record<ModelProviderId, ImageModelKey> = { openai: 'openai', anthropic: 'anthropic', gemini: 'gemini', xai: 'grok' };

/** Each text is a JSON list of short findings, or a sentence saying the model was unavailable or failed. */
export type ImageAnswer = Record<ImageModelKey, string>;
