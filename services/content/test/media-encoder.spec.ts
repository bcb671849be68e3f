import { describe, expect, it } from '@jest/globals';
import { mediaSrcset, parseMediaUrl } from '@agency/shared';
import sharp from 'sharp';
import { encodeUpload, MAX_VARIANT_WIDTH, MediaRefusal, sniffFormat } from '../src/media/media-encoder.js';

const LIMIT = 10 * 1024 * 1024;

function solid(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 40, b: 40, alpha: 0.5 } } });
}

async function refusal(promise: Promise<unknown>): Promise<MediaRefusal> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaRefusal) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('media upload checks', () => {
  it('recognises the four accepted formats by their first bytes only', async () => {
    expect(sniffFormat(await solid(4, 4).jpeg().toBuffer())).toBe('jpeg');
    expect(sniffFormat(await solid(4, 4).png().toBuffer())).toBe('png');
    expect(sniffFormat(await solid(4, 4).webp().toBuffer())).toBe('webp');
    expect(sniffFormat(await solid(4, 4).gif().toBuffer())).toBe('gif');
    expect(sniffFormat(await solid(4, 4).avif().toBuffer())).toBeNull();
    expect(sniffFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffFormat(Buffer.from('GIF'))).toBeNull();
  });

  it('refuses a file over the limit with 413, before decoding it', async () => {
    const error = await refusal(encodeUpload(Buffer.alloc(2 * 1024 * 1024, 0xff), 1024 * 1024));
    expect(error.status).toBe(413);
    expect(error.message).toBe('The image is larger than the 1 MB limit.');
  });

  it('refuses other formats (SVG, AVIF, TIFF, text) with 415', async () => {
    for (const bytes of [Buffer.from('<svg/>'), await solid(8, 8).avif().toBuffer(), await solid(8, 8).tiff().toBuffer(), Buffer.from('hello')]) {
      const error = await refusal(encodeUpload(bytes, LIMIT));
      expect(error.status).toBe(415);
      expect(error.message).toBe('The file is not a JPEG, PNG, WebP or GIF image.');
    }
  });

  it('refuses a truncated file with a readable 400', async () => {
    const png = await solid(300, 200).png().toBuffer();
    const error = await refusal(encodeUpload(png.subarray(0, 120), LIMIT));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(/could not be read/);
  });
});

describe('media variants', () => {
  it('encodes every width of the ladder below the image as AVIF, WebP and JPEG, each really that format and size', async () => {
    const encoded = await encodeUpload(await solid(1000, 500).png().toBuffer(), LIMIT);
    expect(encoded).toMatchObject({ width: 1000, height: 500 });
    expect(encoded.variants.map((variant) => `${variant.width}.${variant.format}`)).toEqual([
      '480.avif', '480.webp', '480.jpg', '960.avif', '960.webp', '960.jpg', '1000.avif', '1000.webp', '1000.jpg',
    ]);
    for (const variant of encoded.variants) {
      const metadata = await sharp(variant.bytes).metadata();
      expect(metadata.format).toBe(variant.format === 'jpg' ? 'jpeg' : variant.format === 'avif' ? 'heif' : 'webp');
      expect(metadata.width).toBe(variant.width);
      expect(metadata.height).toBe(Math.round(variant.width / 2));
    }
  }, 30_000);

  it('caps the width, applies EXIF orientation and drops the metadata', async () => {
    const rotated = await solid(900, 300).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const encoded = await encodeUpload(rotated, LIMIT);
    // Orientation 6 turns the picture a quarter: 300 wide, 900 high.
    expect(encoded).toMatchObject({ width: 300, height: 900 });
    const largest = encoded.variants.find((variant) => variant.width === 300 && variant.format === 'jpg')!;
    const metadata = await sharp(largest.bytes).metadata();
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();

    const wide = await encodeUpload(await solid(4000, 200).webp().toBuffer(), LIMIT);
    expect(wide.width).toBe(MAX_VARIANT_WIDTH);
    expect(wide.height).toBe(80);
  }, 30_000);

  it('keeps a small image (a GIF here) at its own size, one width only', async () => {
    const small = await encodeUpload(await solid(300, 200).gif().toBuffer(), LIMIT);
    expect(small.variants.map((variant) => variant.width)).toEqual([300, 300, 300]);
  });

  it('gives addresses from which pages derive every variant', () => {
    const image = parseMediaUrl('/media/0123456789abcdef01234567-1000x500/1000.jpg')!;
    expect(image).toEqual({ base: '/media/0123456789abcdef01234567-1000x500', width: 1000, height: 500, widths: [480, 960, 1000] });
    expect(mediaSrcset(image, 'webp')).toBe(
      '/media/0123456789abcdef01234567-1000x500/480.webp 480w, /media/0123456789abcdef01234567-1000x500/960.webp 960w, /media/0123456789abcdef01234567-1000x500/1000.webp 1000w',
    );
    expect(parseMediaUrl('https://example.com/media/x.jpg')).toBeNull();
    expect(parseMediaUrl('/media/../etc/passwd')).toBeNull();
  });
});
