import { IMAGE_MAX_BYTES } from '@agency/shared';

/** The types the tools service reads (it checks the bytes too); the page names JPG, PNG and GIF. */
export const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;

export const IMAGE_TOO_LARGE_TEXT = 'Please select an image smaller than 10MB';
export const IMAGE_WRONG_TYPE_TEXT = 'Please select a JPG, PNG, GIF or WebP image.';

export type ImageFileProblem = 'too-large' | 'wrong-type';

/** An image must be under 10MB; its type must be one the service reads. */
export function imageFileProblem(file: Pick<File, 'size' | 'type'>): ImageFileProblem | undefined {
  if (file.size >= IMAGE_MAX_BYTES) return 'too-large';
  if (!(ACCEPTED_IMAGE_TYPES as readonly string[]).includes(file.type.toLowerCase())) return 'wrong-type';
  return undefined;
}

export function imageFileProblemText(problem: ImageFileProblem): string {
  return problem === 'too-large' ? IMAGE_TOO_LARGE_TEXT : IMAGE_WRONG_TYPE_TEXT;
}

/** 'data:image/png;base64,AAAA' -> 'AAAA' (the service takes base64 without the prefix). */
export function stripDataUrlPrefix(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma === -1 ? dataUrl : dataUrl.slice(comma + 1);
}

export function readImageBase64(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(stripDataUrlPrefix(typeof reader.result === 'string' ? reader.result : ''));
    reader.onerror = () => reject(reader.error ?? new Error('The image could not be read.'));
    reader.readAsDataURL(file);
  });
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
