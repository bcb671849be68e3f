import { parseMediaUrl } from '@agency/shared';
import { useEffect, useRef, useState } from 'react';
import fallbackImage from '../assets/blog-fallback.svg';
import { MediaPicture } from './media-picture';

/** A post's image, or the site's stock artwork when none is set or it fails to load. */
/** Slight colour shifts so that several posts without images do not look identical. */
const FALLBACK_HUES = [0, 28, -24, 52, -46];

export function PostImage(props: { src: string | null; alt: string; className?: string; eager?: boolean; seed?: number; sizes?: string }) {
  // A media library image comes with its variants (srcset); any other address is one file.
  const image = props.src ? parseMediaUrl(props.src) : null;
  if (image) return <MediaPicture image={image} alt={props.alt} className={props.className} eager={props.eager} sizes={props.sizes} />;
  return <SingleImage {...props} />;
}

function SingleImage({ src, alt, className, eager, seed = 0 }: { src: string | null; alt: string; className?: string; eager?: boolean; seed?: number }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && src) setFailed(true);
  }, [src]);

  const showFallback = !src || failed;
  return (
    <img
      ref={ref}
      src={showFallback ? fallbackImage : src}
      style={showFallback ? { filter: `hue-rotate(${FALLBACK_HUES[Math.abs(seed) % FALLBACK_HUES.length]}deg)` } : undefined}
      alt={alt}
      className={className}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      width={1200}
      height={675}
      onError={() => setFailed(true)}
    />
  );
}
