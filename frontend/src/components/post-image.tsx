import { useEffect, useRef, useState } from 'react';
import fallbackImage from '../assets/blog-fallback.svg';

/** A post's image, or the site's stock artwork when none is set or it fails to load. */
export function PostImage({ src, alt, className, eager }: { src: string | null; alt: string; className?: string; eager?: boolean }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);

  // An image that failed before hydration fired its error event before React listened.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && src) setFailed(true);
  }, [src]);

  return (
    <img
      ref={ref}
      src={src && !failed ? src : fallbackImage}
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
