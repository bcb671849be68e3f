import { type MediaImage, mediaSrcset, mediaVariantUrl } from '@agency/shared';

/** How wide the article column shows an image: the `sizes` of covers and in-body images. */
export const ARTICLE_IMAGE_SIZES = '(min-width: 860px) 800px, 100vw';

interface MediaPictureProps {
  image: MediaImage;
  alt: string;
  className?: string;
  sizes?: string;
  eager?: boolean;
}

/**
 * A media library image with all its variants: AVIF and WebP for browsers that take them, JPEG
 * otherwise, each at every stored width, so the browser picks the smallest file that fills the slot.
 */
export function MediaPicture({ image, alt, className, sizes = ARTICLE_IMAGE_SIZES, eager }: MediaPictureProps) {
  return (
    <picture>
      <source type="image/avif" srcSet={mediaSrcset(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={mediaSrcset(image, 'webp')} sizes={sizes} />
      <img
        src={mediaVariantUrl(image.base, image.width, 'jpg')}
        srcSet={mediaSrcset(image, 'jpg')}
        sizes={sizes}
        alt={alt}
        className={className}
        width={image.width}
        height={image.height}
        loading={eager ? 'eager' : 'lazy'}
        decoding="async"
        {...(eager ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  );
}
