import { describe, expect, it } from '@jest/globals';
import type { MainImageCheck } from '@agency/shared';
import sharp from 'sharp';
import { checkReading, productConsensus, productDisagreement } from '../src/image/image.handler.js';
import { mainImageChecks } from '../src/image/main-image-checks.js';

/** A product shot: a dark-red box with a label stripe, centred on pure white. */
async function packshot(size: number, productShare: number, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const product = Math.round(size * productShare);
  const box = await sharp({ create: { width: product, height: product, channels: 3, background: { r: 150, g: 20, b: 30 } } })
    .composite([{ input: { create: { width: product, height: Math.round(product / 5), channels: 3, background: { r: 240, g: 200, b: 40 } } }, top: Math.round(product / 2), left: 0 }])
    .png()
    .toBuffer();
  const offset = Math.round((size - product) / 2);
  return sharp({ create: { width: size, height: size, channels: 3, background: { r: 255, g: 255, b: 255 } } })
    .composite([{ input: box, top: offset, left: offset }])
    .toFormat(format)
    .toBuffer();
}

/** A lifestyle photo: the product on a kitchen-coloured gradient that reaches every edge. */
async function lifestylePhoto(): Promise<Buffer> {
  const width = 1800;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * 3;
      pixels[at] = 120 + Math.round((x / width) * 80);
      pixels[at + 1] = 90 + Math.round((y / height) * 60);
      pixels[at + 2] = 60 + ((x * y) % 23);
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 88 }).toBuffer();
}

function byId(checks: MainImageCheck[]): Record<MainImageCheck['id'], MainImageCheck> {
  return Object.fromEntries(checks.map((check) => [check.id, check])) as Record<MainImageCheck['id'], MainImageCheck>;
}

describe('Amazon main-image checks', () => {
  it('passes a large white-background packshot that fills the frame, with each figure', async () => {
    const checks = byId(await mainImageChecks(await packshot(1500, 0.9)));
    expect(checks['white-background']).toMatchObject({ pass: true, figure: '100% of the border is pure white' });
    expect(checks['frame-fill'].pass).toBe(true);
    expect(checks['frame-fill'].figure).toMatch(/^(89|90|91)% of the frame$/);
    expect(checks.zoom).toMatchObject({ pass: true, figure: '1,500 px on the long edge' });
    expect(checks['file-type']).toMatchObject({ pass: true, figure: 'JPEG' });
  });

  it('fails a lifestyle photo on its background and cannot measure its fill', async () => {
    const checks = byId(await mainImageChecks(await lifestylePhoto()));
    expect(checks['white-background']).toMatchObject({ pass: false, figure: '0% of the border is pure white' });
    expect(checks['frame-fill']).toMatchObject({ pass: false, figure: 'Not measurable: the background is not white' });
    expect(checks.zoom).toMatchObject({ pass: true, figure: '1,800 px on the long edge' });
  });

  it('fails a small image on zoom while its background still passes', async () => {
    const checks = byId(await mainImageChecks(await packshot(600, 0.9, 'png')));
    expect(checks.zoom).toMatchObject({ pass: false, figure: '600 px on the long edge' });
    expect(checks['white-background'].pass).toBe(true);
    expect(checks['file-type']).toMatchObject({ pass: true, figure: 'PNG' });
  });

  it('fails a product that fills too little of the frame, and a WebP file', async () => {
    const checks = byId(await mainImageChecks(await packshot(1200, 0.4, 'webp')));
    expect(checks['frame-fill'].pass).toBe(false);
    expect(checks['frame-fill'].figure).toMatch(/^(39|40|41)% of the frame$/);
    expect(checks['file-type']).toMatchObject({ pass: false, figure: 'WebP' });
  });
});

describe('what the vision models read', () => {
  it('keeps product, label text and three findings, and drops findings about the file size', () => {
    const reading = checkReading(
      JSON.stringify({
        product: 'chocolate protein bar',
        labelText: ['Brightleaf', '20g Protein'],
        findings: ['Received a 182 KB image/jpeg image', 'Claim is readable', 'Size is small', 'No ingredients', 'Fourth'],
        altText: 'Brightleaf chocolate protein bar',
      }),
    );
    expect(reading).toEqual({
      product: 'chocolate protein bar',
      labelText: ['Brightleaf', '20g Protein'],
      findings: ['Claim is readable', 'Size is small', 'No ingredients'],
      altText: 'Brightleaf chocolate protein bar',
    });
  });

  it('says so in one line when the models disagree on what the product is, and stays silent when they agree', () => {
    const read = (product: string) => ({ product, labelText: [] });
    expect(
      productDisagreement({ openai: read('chocolate protein bar'), anthropic: read('protein bar, chocolate'), gemini: read('granola bar') }),
    ).toBe('The models disagree on what the product is: ChatGPT and Claude read it as “chocolate protein bar”; Gemini reads it as “granola bar”.');
    expect(productDisagreement({ openai: read('jar of raw honey'), grok: read('raw honey jar') })).toBeUndefined();
  });

  it('beside a disagreement, says what most models agree on, or that no reading has a majority', () => {
    const read = (product: string) => ({ product, labelText: [] });
    expect(
      productConsensus({ openai: read('chocolate protein bar'), anthropic: read('protein bar, chocolate'), gemini: read('granola bar'), grok: read('protein bar chocolate') }),
    ).toBe('Most models agree: 3 of 4 read it as “chocolate protein bar”.');
    expect(productConsensus({ openai: read('chocolate protein bar'), anthropic: read('protein bar, chocolate'), gemini: read('granola bar'), grok: read('oat granola bar') })).toBe(
      'No reading has a majority: 2 of 4 models is the most that agree on any one product.',
    );
    expect(productConsensus({ openai: read('jar of raw honey'), grok: read('raw honey jar') })).toBeUndefined();
  });
});
