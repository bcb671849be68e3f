import { createRoute } from '@tanstack/react-router';
import { loadForPage } from '../../api/route-loading';
import { youtubeVideosQuery } from '../../api/youtube-video-queries';
import { staticPageHead } from '../../seo/static-page-head';
import { lazyPage } from '../page-modules';
import { rootRoute } from '../root-route';

export const youtubeChannelRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/youtube-channel',
  loader: ({ context }) => loadForPage(context.queryClient, youtubeVideosQuery()),
  head: ({ match }) => staticPageHead('/youtube-channel', match.context.siteConfig, { breadcrumb: 'YouTube Channel' }),
  ...lazyPage('./youtube-channel/-components/youtube-channel-page.tsx'),
});
