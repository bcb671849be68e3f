import type { YoutubeVideo } from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { apiGet } from './api-client';

/** The service lists published videos in display order. */
export const youtubeVideosQuery = () =>
  queryOptions({
    queryKey: ['youtube-videos'],
    queryFn: ({ signal }) => apiGet<YoutubeVideo[]>('/api/youtube-videos', { signal }),
  });
