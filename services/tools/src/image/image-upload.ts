import { IMAGE_MAX_BYTES } from '@agency/shared';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

export const IMAGE_TOO_LARGE = 'Please select an image smaller than 10MB';
export const NOT_AN_IMAGE = 'The file is not a JPEG, PNG, GIF or WebP image.';

/** Why an upload is refused, as the HTTP answer will say it. */
export interface UploadProblem {
  status: 400 | 413 | 422;
  message: string;
}

/**
 * The cheap checks of an upload before it is stored: size and magic bytes, no decoding of
 * pixels (the worker does that). Runs on the body-decoding thread (image-upload-intake.ts).
 */
export function imageUploadProblem(bytes: Buffer): UploadProblem | undefined {
  if (bytes.length > IMAGE_MAX_BYTES) return { status: 413, message: IMAGE_TOO_LARGE };
  if (!imageKind(bytes)) return { status: 400, message: NOT_AN_IMAGE };
  return undefined;
}

export function imageKind(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return undefined;
}
