import { useEffect, useRef, useState } from 'react';
import { YoutubeIcon } from '../../../components/icons';

/** YouTube's thumbnail sizes, best first; a missing size is a 120 px wide placeholder, not an error. */
export function thumbnailUrls(youtubeId: string): string[] {
  const id = encodeURIComponent(youtubeId);
  return [`https://i.ytimg.com/vi/${id}/maxresdefault.jpg`, `https://i.ytimg.com/vi/${id}/hqdefault.jpg`];
}

const PLACEHOLDER_MAX_WIDTH = 120;

/** The maximum-resolution thumbnail, falling back to standard quality, then to a branded backdrop. */
export function VideoThumbnail({ youtubeId }: { youtubeId: string }) {
  const urls = thumbnailUrls(youtubeId);
  const [attempt, setAttempt] = useState(0);
  const ref = useRef<HTMLImageElement>(null);
  const next = () => setAttempt((current) => current + 1);

  // A thumbnail that failed before hydration fired its events before React listened.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth <= PLACEHOLDER_MAX_WIDTH) next();
  }, []);

  const src = urls[attempt];
  if (!src) {
    return (
      <span className="video-thumb-fallback" aria-hidden="true">
        <YoutubeIcon width={56} height={56} />
      </span>
    );
  }
  return (
    <img
      ref={ref}
      src={src}
      alt=""
      loading="lazy"
      decoding="async"
      width={1280}
      height={720}
      onError={next}
      onLoad={(event) => {
        if (event.currentTarget.naturalWidth <= PLACEHOLDER_MAX_WIDTH) next();
      }}
    />
  );
}
