import type { YoutubeVideo } from '@agency/shared';
import { adminYoutubeVideosQuery } from '../../../../api/admin-queries';
import { formatLongDate } from '../../../../format/date-format';
import { OrderedContentPanel } from '../ordered-content/ordered-content-panel';
import { youtubeVideoResource } from '../shared/content-resources';
import { OutLink, PublishedBadge, RecordMeta } from '../shared/record-card';
import { VideoDialog } from './video-dialog';

export function VideosPanel() {
  return (
    <OrderedContentPanel<YoutubeVideo>
      title="YouTube Videos"
      listQuery={adminYoutubeVideosQuery}
      resource={youtubeVideoResource}
      reorderNoun="videos"
      noun="YouTube video"
      searchLabel="Search videos"
      loadingText="Loading videos..."
      emptyText="No videos yet. Add one with New Video."
      newLabel="New Video"
      badgesOf={(video) => <PublishedBadge published={video.published} />}
      renderDetails={(video) => (
        <>
          <p className="admin-record-text">{video.description}</p>
          <RecordMeta
            items={[
              ['Display Order', String(video.displayOrder)],
              ['Created', formatLongDate(video.createdAt)],
              ['YouTube URL', <OutLink href={video.youtubeUrl} />],
              ['Video ID', <code>{video.youtubeId}</code>],
            ]}
          />
        </>
      )}
      Dialog={VideoDialog}
    />
  );
}
