/** The four model providers, in the order the site lists them. */
export const PROVIDER_IDS = ['openai', 'anthropic', 'gemini', 'xai'] as const;
export type ProviderId = (typeof PROVIDER_IDS)[number];

/** The names visitors see (SPEC §2: ChatGPT, Claude, Gemini, Grok). */
export const PROVIDER_LABELS: Record<ProviderId, string> = {
  openai: 'ChatGPT',
  anthropic: 'Claude',
  gemini: 'Gemini',
  xai: 'Grok',
};
