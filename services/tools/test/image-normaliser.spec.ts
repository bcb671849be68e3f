import { randomBytes } from 'node:crypto';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { checkImageHeader, normaliseImage } from '../src/image/image-normaliser.js';

describe('image decoding memory', () => {
  it("keeps no upload's pixels in libvips's cache once it is checked and normalised", async () => {
    // A WebP's header check decodes it; noise, so that the file is as large as a photo's.
    const webp = await sharp(randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } })
      .webp({ quality: 95 })
      .toBuffer();
    await checkImageHeader(webp);
    await normaliseImage(webp);
    expect(sharp.cache()).toMatchObject({ memory: { current: 0 }, items: { current: 0 } });
  });
});
