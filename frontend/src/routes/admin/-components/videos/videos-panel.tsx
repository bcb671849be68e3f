import { useQuery } from '@tanstack/react-query';
import type { YoutubeVideo } from '@agency/shared';
import { adminYoutubeVideosQuery, REORDER_LIST_PARAMS } from '../../../../api/admin-queries';
import { formatLongDate } from '../../../../format/date-format';
import { youtubeVideoResource } from '../shared/content-resources';
import { CrudPanel } from '../shared/crud-panel';
import { PUBLISHED_FILTER, POSITION_SORTS } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { useListControls } from '../shared/use-list-controls';
import { OutLink, PublishedBadge, RecordMeta } from '../shared/record-card';
import { ReorderButton } from '../ordered-content/reorder-list';
import { VideoDialog } from './video-dialog';

export function VideosPanel() {
  const controls = useListControls();
  // Reordering needs every video in position order, not the page on screen.
  const everyVideo = useQuery(adminYoutubeVideosQuery(REORDER_LIST_PARAMS));
  return (
    <>
      <div className="admin-panel-tools">
        <ReorderButton noun="videos" items={everyVideo.data?.items ?? []} orderPath={`${youtubeVideoResource.path}/order`} refreshes={youtubeVideoResource.refreshes} />
      </div>
      <CrudPanel<YoutubeVideo>
        title="YouTube Videos"
        result={useQuery(adminYoutubeVideosQuery(controls.params))}
        controls={controls}
        toolbar={<ListToolbar controls={controls} searchLabel="Search videos" searchPlaceholder="Title" filters={[PUBLISHED_FILTER]} sorts={POSITION_SORTS} />}
        loadingText="Loading videos..."
        emptyText="No videos yet. Add one with New Video."
        newLabel="New Video"
        noun="YouTube video"
        resource={youtubeVideoResource}
        nameOf={(video) => video.title}
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
    </>
  );
}
