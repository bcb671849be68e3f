/** The four model providers, in the order the site lists them. */
export const MODEL_PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'xai'] as const;
export type ModelProviderId = (typeof MODEL_PROVIDER_IDS)[number];

/** The names visitors see (ChatGPT, Claude, Gemini, Grok). */
export const MODEL_PROVIDER_LABELS: Record<ModelProviderId, string> = {
  openai: 'ChatGPT',
  anthropic: 'Claude',
  gemini: 'Gemini',
  xai: 'Grok',
};
