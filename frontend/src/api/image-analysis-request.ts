import { apiSend } from './api-client';

/** POST /api/analyze-image (SPEC §3, §7): the image as base64 without a `data:` prefix. */
export interface ImageAnalysisRequest {
  imageBase64: string;
  email: string;
}

export type ImageModelKey = 'openai' | 'anthropic' | 'gemini' | 'grok';

/** Each text holds a JSON list of findings, or a sentence saying the model was unavailable or failed. */
export type ImageAnswer = Record<ImageModelKey, string>;

export function requestImageAnalysis(request: ImageAnalysisRequest): Promise<ImageAnswer> {
  return apiSend<ImageAnswer>('POST', '/api/analyze-image', request);
}
