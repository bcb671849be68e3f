import type { ModelInfo as AnthropicModel } from '@anthropic-ai/sdk/resources/models';
import type { Model as OpenAiModel } from 'openai/resources/models';
import { geminiModelList } from './protocols/gemini-protocol.js';
import type { SimProvider } from './sim-config.js';

/**
 * The models each simulated provider lists: the tools' defaults and a few others. Requests may
 * still name any model (the simulator answers them all); only the lists are fixed.
 */
export const SIM_MODELS: Record<SimProvider, readonly string[]> = {
  openai: ['gpt-5.5', 'gpt-5.4-mini', 'gpt-4.1', 'gpt-4o'],
  anthropic: ['claude-sonnet-5-5', 'claude-opus-5-1', 'claude-haiku-4-5'],
  gemini: ['gemini-3.5-flash', 'gemini-3.1-pro-preview', 'gemini-3.1-flash-lite'],
  xai: ['grok-4.5', 'grok-4.3', 'grok-4.20-0309-non-reasoning'],
  perplexity: ['sonar', 'sonar-pro', 'sonar-reasoning-pro'],
};

const CREATED = 1_767_225_600;

/** `GET /v1/models` of OpenAI and xAI, `GET /v1/models` of Anthropic and `GET /v1beta/models` of Gemini. */
export function modelList(provider: SimProvider): unknown {
  const ids = SIM_MODELS[provider];
  switch (provider) {
    case 'openai':
    case 'xai':
    case 'perplexity':
      return { object: 'list', data: ids.map((id): OpenAiModel => ({ id, object: 'model', created: CREATED, owned_by: provider === 'openai' ? 'system' : provider })) };
    case 'anthropic': {
      const data = ids.map(
        (id): AnthropicModel => ({
          type: 'model',
          id,
          display_name: id,
          created_at: new Date(CREATED * 1000).toISOString(),
          capabilities: null,
          deprecated_at: null,
          lifecycle: 'active',
          line: null,
          max_input_tokens: null,
          max_tokens: null,
          retires_at: null,
        }),
      );
      return { data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null };
    }
    case 'gemini':
      return geminiModelList(ids);
  }
}
