/**
 * Addresses of the media library's images. An upload is stored as a folder of variants,
 * `/media/<key>-<W>x<H>/<width>.<format>`, where W x H is the largest variant's size and the widths
 * are the ladder below up to W. Everything a page needs for `srcset` is therefore readable from
 * the one address a post stores (the largest JPEG), without asking the server.
 */
export const MEDIA_PATH_PREFIX = '/media/';
/** Variant widths in CSS pixels; an image narrower than a step gets its own width as the last one. */
export const MEDIA_WIDTHS = [480, 960, 1600] as const;
export const MEDIA_FORMATS = ['avif', 'webp', 'jpg'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];

export interface MediaImage {
  /** `/media/<key>-<W>x<H>` */
  base: string;
  width: number;
  height: number;
  /** The variant widths, ascending; the last is `width`. */
  widths: number[];
}

const MEDIA_URL = /^\/media\/([a-f0-9]{16,64})-(\d{1,5})x(\d{1,5})\/(\d{1,5})\.(?:jpg|webp|avif)$/;

/** The variant widths of an image `width` pixels wide. */
export function mediaWidths(width: number): number[] {
  return [...MEDIA_WIDTHS.filter((step) => step < width), width];
}

export function mediaBase(key: string, width: number, height: number): string {
  return `${MEDIA_PATH_PREFIX}${key}-${width}x${height}`;
}

export function mediaVariantUrl(base: string, width: number, format: MediaFormat): string {
  return `${base}/${width}.${format}`;
}

/** The image behind a media library address, or null for any other address (an external image, say). */
export function parseMediaUrl(url: string): MediaImage | null {
  const match = MEDIA_URL.exec(url);
  if (!match) return null;
  const [, key, w, h] = match;
  const width = Number(w);
  const height = Number(h);
  if (width < 1 || height < 1) return null;
  return { base: mediaBase(key!, width, height), width, height, widths: mediaWidths(width) };
}

/** A `srcset` value of one format. */
export function mediaSrcset(image: MediaImage, format: MediaFormat): string {
  return image.widths.map((width) => `${mediaVariantUrl(image.base, width, format)} ${width}w`).join(', ');
}
