import { MEDIA_FORMATS, type MediaFormat, mediaWidths } from '@agency/shared';
import sharp, { type Metadata } from 'sharp';

/** The formats an upload may arrive in; anything else is refused before decoding. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'gif';
export const ACCEPTED_FORMATS_TEXT = 'JPEG, PNG, WebP or GIF';
/** Far below sharp's default of 268 megapixels, which trusts the header (decompression bombs). */
export const MAX_INPUT_PIXELS = 40_000_000;
/** The widest variant; wider uploads are scaled down to it. */
export const MAX_VARIANT_WIDTH = 1600;

/** libvips's operation cache only pays when the same image is processed again, which an upload never is. */
sharp.cache(false);

/** A refusal of an upload, with the sentence the admin sees and its HTTP status. */
export class MediaRefusal extends Error {
  override readonly name = 'MediaRefusal';

  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

/** The format from the file's first bytes (its signature), never from a name or a declared type. */
export function sniffFormat(bytes: Uint8Array): UploadFormat | null {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export interface EncodedVariant {
  width: number;
  format: MediaFormat;
  bytes: Buffer;
}

export interface EncodedImage {
  /** Size of the largest variant (after orientation and the width cap). */
  width: number;
  height: number;
  variants: EncodedVariant[];
}

/**
 * Checks an upload and re-encodes it into the responsive variants: every width of the ladder up to
 * the image's own (at most MAX_VARIANT_WIDTH), each as AVIF, WebP and JPEG. The first frame only
 * (an animated GIF becomes a still), orientation applied, metadata (EXIF, GPS) dropped, and for
 * JPEG transparency flattened on white. Only decoded-and-re-encoded pixels are ever stored.
 */
export async function encodeUpload(bytes: Buffer, maxBytes: number): Promise<EncodedImage> {
  if (bytes.length > maxBytes) {
    throw new MediaRefusal(413, `The image is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB limit.`);
  }
  const format = sniffFormat(bytes);
  if (!format) throw new MediaRefusal(415, `The file is not a ${ACCEPTED_FORMATS_TEXT} image.`);

  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
  let metadata: Metadata;
  try {
    metadata = await input().metadata();
  } catch (error) {
    throw unreadable(error);
  }
  if (metadata.format !== format) throw new MediaRefusal(415, `The file is not a ${ACCEPTED_FORMATS_TEXT} image.`);
  if (!metadata.width || !metadata.height) throw new MediaRefusal(400, 'The image could not be read.');
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw new MediaRefusal(400, tooManyPixels());

  // EXIF orientations 5 to 8 swap the sides.
  const swapped = (metadata.orientation ?? 1) >= 5;
  const fullWidth = swapped ? metadata.height : metadata.width;
  const fullHeight = swapped ? metadata.width : metadata.height;
  const width = Math.min(fullWidth, MAX_VARIANT_WIDTH);
  const height = Math.max(1, Math.round((fullHeight * width) / fullWidth));

  try {
    // Decoded, turned and scaled once to the largest variant (a 12-megapixel photo is decoded once,
    // not nine times); every variant is encoded from those pixels.
    const largest = await input().rotate().resize(width, height, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true });
    const pixels = () => sharp(largest.data, { raw: { width: largest.info.width, height: largest.info.height, channels: largest.info.channels } });
    const variants: EncodedVariant[] = [];
    for (const variantWidth of mediaWidths(width)) {
      const variantHeight = Math.max(1, Math.round((height * variantWidth) / width));
      const resized = () => (variantWidth === width ? pixels() : pixels().resize(variantWidth, variantHeight, { fit: 'fill' }));
      for (const variantFormat of MEDIA_FORMATS) {
        const pipeline =
          variantFormat === 'avif'
            ? resized().avif({ quality: 55, effort: 2 })
            : variantFormat === 'webp'
              ? resized().webp({ quality: 80 })
              : resized().flatten({ background: '#ffffff' }).jpeg({ quality: 82, mozjpeg: true, progressive: true });
        variants.push({ width: variantWidth, format: variantFormat, bytes: await pipeline.toBuffer() });
      }
    }
    return { width, height, variants };
  } catch (error) {
    throw unreadable(error);
  }
}

function tooManyPixels(): string {
  return `The image has too many pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`;
}

function unreadable(error: unknown): MediaRefusal {
  const message = error instanceof Error ? error.message : String(error);
  if (/pixel limit/i.test(message)) return new MediaRefusal(400, tooManyPixels());
  if (/unsupported image format/i.test(message)) return new MediaRefusal(415, `The file is not a ${ACCEPTED_FORMATS_TEXT} image.`);
  return new MediaRefusal(400, 'The image could not be read: the file looks truncated or damaged.');
}
