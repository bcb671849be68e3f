/** POST /api/analyze-image: the answer is ImageAnswer from @agency/shared. */
export const IMAGE_PATH = '/api/analyze-image';

export interface ImageRequest {
  /** The image as base64 without a `data:` prefix. */
  imageBase64: string;
  email: string;
}
