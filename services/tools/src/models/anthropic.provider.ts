import Anthropic from '@anthropic-ai/sdk';
import type { ProviderSettings } from '../config/tools-config.js';
import { instructionsWithSchema, type ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { sdkFetch } from './sdk-fetch.js';

/** Claude through @anthropic-ai/sdk. */
export class AnthropicProvider implements ModelProvider {
  readonly id = 'anthropic' as const;
  readonly label = MODEL_PROVIDER_LABELS.anthropic;
  readonly configured: boolean;
  private readonly client: Anthropic | undefined;

  constructor(
    private readonly settings: ProviderSettings,
    deadlineMs: number,
  ) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new Anthropic({
        apiKey: settings.apiKey,
        ...(settings.baseUrl ? { baseURL: settings.baseUrl } : {}),
        timeout: deadlineMs,
        maxRetries: 0,
        fetch: sdkFetch,
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const content: Anthropic.ContentBlockParam[] = [];
    if (request.image) {
      content.push({ type: 'image', source: { type: 'base64', media_type: request.image.mimeType, data: request.image.base64 } });
    }
    content.push({ type: 'text', text: request.user });
    const message = await this.client.messages.create(
      {
        model: this.settings.model,
        max_tokens: request.maxOutputTokens,
        system: instructionsWithSchema(request),
        messages: [{ role: 'user', content }],
      },
      { signal },
    );
    const text = message.content
      .map((block) => (block.type === 'text' ? block.text : ''))
      .join('')
      .trim();
    if (!text) throw new SyntaxError('empty answer');
    return text;
  }
}
