import OpenAI from 'openai';
import type { ChatCompletionContentPart, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions';
import type { ProviderSettings } from '../config/tools-config.js';
import type { ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { sdkFetch } from './sdk-fetch.js';

const XAI_BASE_URL = 'https://api.x.ai/v1';

/** ChatGPT through the openai SDK, and Grok through the same SDK at xAI's OpenAI-compatible endpoint. */
export class OpenAiCompatibleProvider implements ModelProvider {
  readonly label: string;
  readonly configured: boolean;
  private readonly client: OpenAI | undefined;

  constructor(
    readonly id: 'openai' | 'xai',
    private readonly settings: ProviderSettings,
    deadlineMs: number,
  ) {
    this.label = MODEL_PROVIDER_LABELS[id];
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new OpenAI({
        apiKey: settings.apiKey,
        baseURL: settings.baseUrl ?? (id === 'xai' ? XAI_BASE_URL : 'https://api.openai.com/v1'),
        // The fleet owns deadlines and retries; the SDK's 10-minute timeout and 2 retries are off.
        timeout: deadlineMs,
        maxRetries: 0,
        fetch: sdkFetch,
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const userContent: string | ChatCompletionContentPart[] = request.image
      ? [
          { type: 'text', text: request.user },
          { type: 'image_url', image_url: { url: `data:${request.image.mimeType};base64,${request.image.base64}`, detail: 'auto' } },
        ]
      : request.user;
    const body: ChatCompletionCreateParamsNonStreaming = {
      model: this.settings.model,
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: userContent },
      ],
      max_completion_tokens: request.maxOutputTokens,
    };
    if (request.json) {
      body.response_format = {
        type: 'json_schema',
        json_schema: { name: request.json.name, schema: request.json.schema, strict: true },
      };
    }
    const completion = await this.client.chat.completions.create(body, { signal });
    const text = completion.choices[0]?.message?.content;
    if (typeof text !== 'string' || text.trim() === '') throw new SyntaxError('empty answer');
    return text;
  }
}
