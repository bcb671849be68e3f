import type { MainImageCheck } from '@agency/shared';
import sharp from 'sharp';
import { MAX_INPUT_PIXELS } from './image-normaliser.js';

/**
 * Amazon's main-image rules that can be measured on the pixels themselves, no model needed
 * (docs/architecture.md, "AI Image Reader"). Runs on the visitor's original upload.
 */

/** A channel value at or above this counts as pure white (JPEG noise keeps true white near 255). */
export const WHITE_LEVEL = 250;
/** A pixel with any channel below this is part of the product, not the background. */
const PRODUCT_LEVEL = 240;
export const MIN_WHITE_BORDER_SHARE = 0.95;
export const MIN_FRAME_FILL = 0.85;
export const MIN_ZOOM_EDGE = 1000;
/** Amazon accepts JPEG, TIFF, PNG and non-animated GIF for listing images. */
const ACCEPTED_FORMATS: Record<string, string> = { jpeg: 'JPEG', png: 'PNG', gif: 'GIF', tiff: 'TIFF' };
const FORMAT_NAMES: Record<string, string> = { ...ACCEPTED_FORMATS, webp: 'WebP', heif: 'HEIF', avif: 'AVIF' };
/** The pixels are measured on a copy this size: enough for shares in whole percent. */
const SAMPLE_EDGE = 400;

export async function mainImageChecks(bytes: Buffer): Promise<MainImageCheck[]> {
  const options = { limitInputPixels: MAX_INPUT_PIXELS, pages: 1 } as const;
  const metadata = await sharp(bytes, options).metadata();
  const { data, info } = await sharp(bytes, options)
    .rotate()
    .resize(SAMPLE_EDGE, SAMPLE_EDGE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const sideways = (metadata.orientation ?? 1) >= 5;
  const width = (sideways ? metadata.height : metadata.width) ?? info.width;
  const height = (sideways ? metadata.width : metadata.height) ?? info.height;
  const pixels = { data, width: info.width, height: info.height, channels: info.channels };
  const whiteShare = whiteBorderShare(pixels);
  return [
    backgroundCheck(whiteShare),
    fillCheck(whiteShare, frameFill(pixels)),
    zoomCheck(Math.max(width, height)),
    fileTypeCheck(metadata.format, (metadata.pages ?? 1) > 1),
  ];
}

export interface RawPixels {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

/** Share of the pixels in a band 2% deep along the four edges that are pure white. */
export function whiteBorderShare({ data, width, height, channels }: RawPixels): number {
  const band = Math.max(1, Math.round(Math.min(width, height) * 0.02));
  let white = 0;
  let total = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (x >= band && x < width - band && y >= band && y < height - band) continue;
      total++;
      const at = (y * width + x) * channels;
      if (data[at]! >= WHITE_LEVEL && data[at + 1]! >= WHITE_LEVEL && data[at + 2]! >= WHITE_LEVEL) white++;
    }
  }
  return total === 0 ? 0 : white / total;
}

/** How far the product spans the frame: its bounding box's larger share of the width or height. */
export function frameFill({ data, width, height, channels }: RawPixels): number {
  let left = width;
  let right = -1;
  let top = height;
  let bottom = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = (y * width + x) * channels;
      if (data[at]! >= PRODUCT_LEVEL && data[at + 1]! >= PRODUCT_LEVEL && data[at + 2]! >= PRODUCT_LEVEL) continue;
      if (x < left) left = x;
      if (x > right) right = x;
      if (y < top) top = y;
      if (y > bottom) bottom = y;
    }
  }
  if (right < 0) return 0;
  return Math.max((right - left + 1) / width, (bottom - top + 1) / height);
}

function percent(share: number): string {
  return `${Math.floor(share * 100)}%`;
}

function backgroundCheck(share: number): MainImageCheck {
  return {
    id: 'white-background',
    label: 'Pure white background',
    pass: share >= MIN_WHITE_BORDER_SHARE,
    figure: `${percent(share)} of the border is pure white`,
    rule: 'Amazon wants the main image on pure white (RGB 255, 255, 255).',
  };
}

function fillCheck(whiteShare: number, fill: number): MainImageCheck {
  const rule = 'The product should fill at least 85% of the frame.';
  // Without a white background there is no telling the product from its surroundings.
  if (whiteShare < 0.5) {
    return { id: 'frame-fill', label: 'Product fills the frame', pass: false, figure: 'Not measurable: the background is not white', rule };
  }
  return { id: 'frame-fill', label: 'Product fills the frame', pass: fill >= MIN_FRAME_FILL, figure: `${percent(fill)} of the frame`, rule };
}

function zoomCheck(longEdge: number): MainImageCheck {
  return {
    id: 'zoom',
    label: 'Large enough for zoom',
    pass: longEdge >= MIN_ZOOM_EDGE,
    figure: `${longEdge.toLocaleString('en-GB')} px on the long edge`,
    rule: 'Zoom needs at least 1,000 px on the longest side.',
  };
}

function fileTypeCheck(format: string | undefined, animated: boolean): MainImageCheck {
  const name = FORMAT_NAMES[format ?? ''] ?? (format ?? 'unknown').toUpperCase();
  const pass = format !== undefined && format in ACCEPTED_FORMATS && !animated;
  return {
    id: 'file-type',
    label: 'Accepted file type',
    pass,
    figure: animated ? `Animated ${name}` : name,
    rule: 'Amazon accepts JPEG, PNG, TIFF and non-animated GIF.',
  };
}
