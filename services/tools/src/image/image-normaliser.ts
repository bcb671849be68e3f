import type { AnalysedImage } from '@agency/shared';
import sharp, { type Metadata } from 'sharp';
import { NOT_AN_IMAGE } from './image-upload.js';

/** Far below sharp's default of 268 megapixels, which trusts the header (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Anthropic downsizes above this; a long edge of this size re-encoded as JPEG suits all four providers. */
export const MAX_LONG_EDGE = 1568;
const JPEG_QUALITY = 82;

/**
 * libvips's operation cache (sharp's default: 50 MB, 100 operations) is process-wide and only
 * pays when the same image is processed again, which an upload never is. It kept the last
 * uploads' decoded pixels: a WebP's header check alone left 23 MB of a 6 MB upload in it, and
 * the tools API held 47 MB of two uploads long after a hostile run had ended.
 */
sharp.cache(false);

export class UnreadableImageError extends Error {
  override readonly name = 'UnreadableImageError';
}

/**
 * Decodes an untrusted upload and re-encodes it as a JPEG no larger than the models need:
 * first frame only, orientation applied, metadata dropped, transparency flattened on white.
 * sharp runs on libuv's thread pool, so the event loop stays free.
 */
export async function normaliseImage(bytes: Buffer): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning', pages: 1, sequentialRead: true })
      .rotate()
      .resize(MAX_LONG_EDGE, MAX_LONG_EDGE, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  } catch (error) {
    throw new UnreadableImageError(describeSharpError(error));
  }
}

/** Header-only check before an upload is stored (on the API's body-decoding thread): refuses pixel bombs before they are queued. */
export async function checkImageHeader(bytes: Buffer): Promise<void> {
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).metadata();
  } catch (error) {
    throw new UnreadableImageError(describeSharpError(error));
  }
  const pixels = (metadata.width ?? 0) * (metadata.height ?? 0);
  if (!metadata.width || !metadata.height) throw new UnreadableImageError('The image could not be read.');
  if (pixels > MAX_INPUT_PIXELS) throw new UnreadableImageError(tooManyPixels());
}

/** The upload's format, size in pixels (as displayed, orientation applied) and bytes, from its header. */
export async function analysedImage(bytes: Buffer): Promise<AnalysedImage> {
  const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 }).metadata();
  const sideways = (metadata.orientation ?? 1) >= 5;
  return {
    type: metadata.format ?? 'unknown',
    width: (sideways ? metadata.height : metadata.width) ?? 0,
    height: (sideways ? metadata.width : metadata.height) ?? 0,
    bytes: bytes.length,
  };
}

function describeSharpError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return tooManyPixels();
  if (/truncat|premature|end of|corrupt|invalid|bad|unexpected/i.test(message)) {
    return 'The image could not be read: the file looks truncated or damaged.';
  }
  if (/unsupported image format/i.test(message)) return NOT_AN_IMAGE;
  return 'The image could not be read.';
}

function tooManyPixels(): string {
  return `The image has too many pixels (the limit is ${MAX_INPUT_PIXELS / 1_000_000} megapixels).`;
}
