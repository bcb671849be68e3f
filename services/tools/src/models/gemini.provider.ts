import { GoogleGenAI, type Part } from '@google/genai';
import type { ProviderSettings } from '../config/tools-config.js';
import { instructionsWithSchema, type ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';
import { sdkFetch } from './sdk-fetch.js';

/** Gemini through @google/genai. */
export class GeminiProvider implements ModelProvider {
  readonly id = 'gemini' as const;
  readonly label = MODEL_PROVIDER_LABELS.gemini;
  readonly configured: boolean;
  private readonly client: GoogleGenAI | undefined;

  constructor(private readonly settings: ProviderSettings) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) {
      this.client = new GoogleGenAI({
        apiKey: settings.apiKey,
        // No retryOptions and no timeout: the SDK then makes one attempt, and the fleet owns
        // retries and the deadline (its signal aborts the request).
        httpOptions: { ...(settings.baseUrl ? { baseUrl: settings.baseUrl } : {}), fetch: sdkFetch },
      });
    }
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    if (!this.client) throw new Error(`${this.label} has no API key`);
    const parts: Part[] = [{ text: request.user }];
    if (request.image) parts.push({ inlineData: { mimeType: request.image.mimeType, data: request.image.base64 } });
    const response = await this.client.models.generateContent({
      model: this.settings.model,
      contents: [{ role: 'user', parts }],
      config: {
        systemInstruction: instructionsWithSchema(request),
        maxOutputTokens: request.maxOutputTokens,
        ...(request.json ? { responseMimeType: 'application/json' } : {}),
        abortSignal: signal,
      },
    });
    const text = response.text?.trim();
    if (!text) throw new SyntaxError('empty answer');
    return text;
  }
}
