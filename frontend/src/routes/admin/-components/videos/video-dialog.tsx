import { VIDEO_DISPLAY_ORDER_DEFAULT, VIDEO_DISPLAY_ORDER_HINT, VIDEO_DISPLAY_ORDER_MIN, type YoutubeVideo } from '@agency/shared';
import { youtubeVideoResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { OrderedContentDialog } from '../ordered-content/ordered-content-dialog';
import { videoDisplayOrder, type YoutubeVideoInput } from '../ordered-content/ordered-content-form';

export function VideoDialog({ item, onClose }: ItemDialogProps<YoutubeVideo>) {
  return (
    <OrderedContentDialog<YoutubeVideoInput>
      formId="video"
      heading={item ? 'Edit YouTube Video' : 'Add New YouTube Video'}
      submitLabel={item ? 'Update Video' : 'Create Video'}
      resource={youtubeVideoResource}
      itemId={item?.id}
      initial={{
        title: item?.title ?? '',
        text: item?.description ?? '',
        link: item?.youtubeUrl ?? '',
        order: String(item?.displayOrder ?? VIDEO_DISPLAY_ORDER_DEFAULT),
        published: item?.published ?? false,
      }}
      labels={{ text: 'Description', link: 'YouTube URL', linkPlaceholder: 'https://www.youtube.com/watch?v=…', order: 'Display Order', orderHint: VIDEO_DISPLAY_ORDER_HINT }}
      orderMin={VIDEO_DISPLAY_ORDER_MIN}
      toInput={(fields) => ({
        title: fields.title.trim(),
        description: fields.text.trim(),
        youtubeUrl: fields.link.trim(),
        published: fields.published,
        displayOrder: videoDisplayOrder(fields.order),
      })}
      onClose={onClose}
    />
  );
}
