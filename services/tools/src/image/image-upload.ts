import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { IMAGE_MAX_BYTES } from '@agency/shared';

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp';

export const IMAGE_TOO_LARGE = 'Please select an image smaller than 10MB';

/**
 * Checks an upload on the request path: cheap, linear checks only (no decoding of pixels,
 * which the worker does). Returns the decoded bytes and the kind found by magic bytes.
 */
export function readImageUpload(imageBase64: string): { base64: string; bytes: Buffer; kind: ImageKind } {
  if (/^\s*data:/i.test(imageBase64.slice(0, 64))) {
    throw new BadRequestException('Send imageBase64 without the "data:...;base64," prefix.');
  }
  const text = imageBase64.trimEnd();
  // 4 base64 characters carry 3 bytes; refuse before decoding anything that is surely too big.
  if (Math.floor((text.length * 3) / 4) - 2 > IMAGE_MAX_BYTES) throw new PayloadTooLargeException(IMAGE_TOO_LARGE);
  const bytes = Buffer.from(text, 'base64');
  // Buffer.from skips characters outside the alphabet; a length that does not add up means the text was not base64.
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const expectedLength = Math.floor((text.length * 3) / 4) - padding;
  if (text.length === 0 || text.length % 4 === 1 || bytes.length !== expectedLength || !/^[A-Za-z0-9+/]/.test(text)) {
    throw new BadRequestException('imageBase64 is not valid base64.');
  }
  if (bytes.length > IMAGE_MAX_BYTES) throw new PayloadTooLargeException(IMAGE_TOO_LARGE);
  const kind = imageKind(bytes);
  if (!kind) throw new BadRequestException('The file is not a JPEG, PNG, GIF or WebP image.');
  return { base64: text, bytes, kind };
}

export function imageKind(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'webp';
  return undefined;
}
