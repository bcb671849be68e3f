/** POST /api/analyze-image (docs/api.md); the answer is ImageAnswer from @agency/shared. */
export const ANALYZE_IMAGE_PATH = '/api/analyze-image';

export interface ImageAnalysisRequest {
  /** The image as base64 without a `data:` prefix. */
  imageBase64: string;
  email: string;
}
