/** The four model providers, in the order the site lists them. */
export const MODEL_PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'xai'] as const;
export type ModelProviderId = (typeof MODEL_PROVIDER_IDS)[number];

/**
 * The engines the AI Search Audit asks: the four providers and Perplexity, which answers only
 * the audit's questions (it is a search engine, not one of the image reader's vision models).
 */
export const SEARCH_ENGINE_IDS = [...MODEL_PROVIDER_IDS, 'perplexity'] as const;
export type SearchEngineId = (typeof SEARCH_ENGINE_IDS)[number];

/** The names visitors see (ChatGPT, Claude, Gemini, Grok, Perplexity). */
export const MODEL_PROVIDER_LABELS: Record<SearchEngineId, string> = {
  openai: 'ChatGPT',
  anthropic: 'Claude',
  gemini: 'Gemini',
  xai: 'Grok',
  perplexity: 'Perplexity',
};
