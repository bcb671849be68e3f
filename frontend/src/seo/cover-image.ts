import { mediaVariantUrl, parseMediaUrl } from '@agency/shared';

/** Social cards take one image: a media library cover's JPEG at most 1200 px wide; any other cover as is. */
export function coverImageUrl(image: string | null): string | undefined {
  if (!image) return undefined;
  const media = parseMediaUrl(image);
  if (!media) return image;
  const width = [...media.widths].reverse().find((candidate) => candidate <= 1200) ?? media.widths[0]!;
  return mediaVariantUrl(media.base, width, 'jpg');
}
