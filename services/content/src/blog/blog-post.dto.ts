import { MAX_READ_TIME_MINUTES, parseReadTime, TEXT_LIMITS } from '@agency/shared';
import { Transform } from 'class-transformer';
import { IsInt, IsISO8601, IsOptional, IsString, Max, Min } from 'class-validator';
import { OptionalText, PublishedFlag, RequiredText } from '@agency/server-kit';
import { ImageAddress } from '../common/image-address.js';

const READ_TIME_MESSAGE = `readTime must be a number of minutes from 1 to ${MAX_READ_TIME_MINUTES}, such as 5 or '5 min read'.`;

/** Body of POST and PUT /api/admin/blog-posts. */
export class BlogPostInput {
  @RequiredText('title', TEXT_LIMITS.title)
  title!: string;

  @RequiredText('excerpt', TEXT_LIMITS.excerpt)
  excerpt!: string;

  @RequiredText('content', TEXT_LIMITS.postContent)
  content!: string;

  @RequiredText('category', TEXT_LIMITS.categoryName)
  category!: string;

  @ImageAddress('image')
  image?: string | null;

  /** Required with an image (checked by the service, which sees both fields). */
  @OptionalText('imageAlt', TEXT_LIMITS.imageAlt)
  imageAlt?: string | null;

  @OptionalText('metaTitle', TEXT_LIMITS.metaTitle)
  metaTitle?: string | null;

  @OptionalText('metaDescription', TEXT_LIMITS.metaDescription)
  metaDescription?: string | null;

  /** Staff's override in minutes; left out, null or empty, the server computes it from the content. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : (parseReadTime(value) ?? value)))
  @IsOptional()
  @IsInt({ message: READ_TIME_MESSAGE })
  @Min(1, { message: READ_TIME_MESSAGE })
  @Max(MAX_READ_TIME_MINUTES, { message: READ_TIME_MESSAGE })
  readTime?: number | null;

  @PublishedFlag()
  published?: boolean;

  @IsString({ message: 'datePosted is required as a date-time.' })
  @IsISO8601({ strict: true }, { message: 'datePosted must be a date-time such as 2025-07-01T09:00:00Z.' })
  datePosted!: string;
}
