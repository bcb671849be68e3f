import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { IMAGE_MAX_BYTES } from '@agency/shared';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

export const IMAGE_TOO_LARGE = 'Please select an image smaller than 10MB';

/**
 * Checks an upload on the request path: the body parser has decoded the base64 off the event
 * loop; what is left is linear and cheap (size and magic bytes, no decoding of pixels, which the
 * worker does). Returns the kind found by magic bytes.
 */
export function readImageUpload(bytes: Buffer): { bytes: Buffer; kind: ImageKind } {
  if (bytes.length > IMAGE_MAX_BYTES) throw new PayloadTooLargeException(IMAGE_TOO_LARGE);
  const kind = imageKind(bytes);
  if (!kind) throw new BadRequestException('The file is not a JPEG, PNG, GIF or WebP image.');
  return { bytes, kind };
}

export function imageKind(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return undefined;
}
