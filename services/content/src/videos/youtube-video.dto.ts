import { DISPLAY_ORDER_MAX, TEXT_LIMITS, VIDEO_DISPLAY_ORDER_DEFAULT, VIDEO_DISPLAY_ORDER_MIN } from '@agency/shared';
import { OrderNumber, PublishedFlag, RequiredText } from '@agency/server-kit';

/** Body of POST and PUT /api/admin/youtube-videos. youtubeUrl is checked by the service, which derives the id. */
export class YoutubeVideoInput {
  @RequiredText('title', TEXT_LIMITS.title)
  title!: string;

  @RequiredText('description', TEXT_LIMITS.videoDescription)
  description!: string;

  @RequiredText('youtubeUrl', TEXT_LIMITS.url)
  youtubeUrl!: string;

  @PublishedFlag()
  published?: boolean;

  /** Lower numbers are listed first (0 at the top); equal numbers newest first. */
  @OrderNumber('displayOrder', VIDEO_DISPLAY_ORDER_MIN, DISPLAY_ORDER_MAX)
  displayOrder: number = VIDEO_DISPLAY_ORDER_DEFAULT;
}
