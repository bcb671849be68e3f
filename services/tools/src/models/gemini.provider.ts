import { GoogleGenerativeAI, type GenerativeModel, type Part } from '@google/generative-ai';
import type { ProviderSettings } from '../config/tools-config.js';
import { instructionsWithSchema, type ModelProvider } from './model-provider.js';
import type { ModelRequest } from './model-request.js';
import { MODEL_PROVIDER_LABELS } from '@agency/shared';

/** Gemini through @google/generative-ai (which has no retries of its own). */
export class GeminiProvider implements ModelProvider {
  readonly id = 'gemini' as const;
  readonly label = MODEL_PROVIDER_LABELS.gemini;
  readonly configured: boolean;
  private readonly sdk: GoogleGenerativeAI | undefined;

  constructor(private readonly settings: ProviderSettings) {
    this.configured = Boolean(settings.apiKey);
    if (settings.apiKey) this.sdk = new GoogleGenerativeAI(settings.apiKey);
  }

  async complete(request: ModelRequest, signal: AbortSignal): Promise<string> {
    const model = this.model(request);
    const parts: Part[] = [{ text: request.user }];
    if (request.image) parts.push({ inlineData: { mimeType: request.image.mimeType, data: request.image.base64 } });
    // Only the signal: the SDK's own timeout option leaves a timer running after every call.
    const result = await model.generateContent({ contents: [{ role: 'user', parts }] }, { signal });
    const text = result.response.text().trim();
    if (!text) throw new SyntaxError('empty answer');
    return text;
  }

  private model(request: ModelRequest): GenerativeModel {
    if (!this.sdk) throw new Error(`${this.label} has no API key`);
    return this.sdk.getGenerativeModel(
      {
        model: this.settings.model,
        systemInstruction: instructionsWithSchema(request),
        generationConfig: {
          maxOutputTokens: request.maxOutputTokens,
          ...(request.json ? { responseMimeType: 'application/json' } : {}),
        },
      },
      this.settings.baseUrl ? { baseUrl: this.settings.baseUrl } : {},
    );
  }
}
