import { DISPLAY_ORDER_MAX, TEXT_LIMITS, VIDEO_DISPLAY_ORDER_DEFAULT, VIDEO_DISPLAY_ORDER_MIN } from '@agency/shared';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';
import { Trim } from '../common/dto-transforms.js';

const ORDER_MESSAGE = `displayOrder must be a whole number from ${VIDEO_DISPLAY_ORDER_MIN} to ${DISPLAY_ORDER_MAX}.`;

/** Body of POST and PUT /api/admin/youtube-videos. youtubeUrl is checked by the service, which derives the id. */
export class YoutubeVideoInput {
  @Trim()
  @IsString({ message: 'title must be text.' })
  @IsNotEmpty({ message: 'title is required.' })
  @MaxLength(TEXT_LIMITS.title, { message: `title must be at most ${TEXT_LIMITS.title} characters.` })
  title!: string;

  @Trim()
  @IsString({ message: 'description must be text.' })
  @IsNotEmpty({ message: 'description is required.' })
  @MaxLength(TEXT_LIMITS.videoDescription, { message: `description must be at most ${TEXT_LIMITS.videoDescription} characters.` })
  description!: string;

  @Trim()
  @IsString({ message: 'youtubeUrl is required.' })
  @IsNotEmpty({ message: 'youtubeUrl is required.' })
  @MaxLength(TEXT_LIMITS.url, { message: `youtubeUrl must be at most ${TEXT_LIMITS.url} characters.` })
  youtubeUrl!: string;

  @IsOptional()
  @IsBoolean({ message: 'published must be true or false.' })
  published?: boolean;

  /** Lower numbers are listed first (0 at the top); equal numbers newest first. */
  @IsOptional()
  @IsInt({ message: ORDER_MESSAGE })
  @Min(VIDEO_DISPLAY_ORDER_MIN, { message: ORDER_MESSAGE })
  @Max(DISPLAY_ORDER_MAX, { message: ORDER_MESSAGE })
  displayOrder: number = VIDEO_DISPLAY_ORDER_DEFAULT;
}
