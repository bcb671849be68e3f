import { MAX_READ_TIME_MINUTES, parseReadTime, TEXT_LIMITS } from '@agency/shared';
import { Transform } from 'class-transformer';
import { IsBoolean, IsInt, IsISO8601, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL, Trim, TrimToNull } from '../common/dto-transforms.js';

const READ_TIME_MESSAGE = `readTime must be a number of minutes from 1 to ${MAX_READ_TIME_MINUTES}, such as 5 or '5 min read'.`;

/** Body of POST and PUT /api/admin/blog-posts. */
export class BlogPostInput {
  @Trim()
  @IsString({ message: 'title must be text.' })
  @IsNotEmpty({ message: 'title is required.' })
  @MaxLength(TEXT_LIMITS.title, { message: `title must be at most ${TEXT_LIMITS.title} characters.` })
  title!: string;

  @Trim()
  @IsString({ message: 'excerpt must be text.' })
  @IsNotEmpty({ message: 'excerpt is required.' })
  @MaxLength(TEXT_LIMITS.excerpt, { message: `excerpt must be at most ${TEXT_LIMITS.excerpt} characters.` })
  excerpt!: string;

  @Trim()
  @IsString({ message: 'content must be text.' })
  @IsNotEmpty({ message: 'content is required.' })
  @MaxLength(TEXT_LIMITS.postContent, { message: `content must be at most ${TEXT_LIMITS.postContent} characters.` })
  content!: string;

  @Trim()
  @IsString({ message: 'category must be text.' })
  @IsNotEmpty({ message: 'category is required.' })
  @MaxLength(TEXT_LIMITS.categoryName, { message: `category must be at most ${TEXT_LIMITS.categoryName} characters.` })
  category!: string;

  @TrimToNull()
  @IsOptional()
  @IsString({ message: 'image must be a URL.' })
  @MaxLength(TEXT_LIMITS.url, { message: `image must be at most ${TEXT_LIMITS.url} characters.` })
  @IsUrl(HTTP_URL, { message: 'image must be an http or https URL.' })
  image?: string | null;

  @Transform(({ value }: { value: unknown }) => parseReadTime(value) ?? value)
  @IsInt({ message: READ_TIME_MESSAGE })
  @Min(1, { message: READ_TIME_MESSAGE })
  @Max(MAX_READ_TIME_MINUTES, { message: READ_TIME_MESSAGE })
  readTime!: number;

  @IsOptional()
  @IsBoolean({ message: 'published must be true or false.' })
  published?: boolean;

  @IsString({ message: 'datePosted is required as a date-time.' })
  @IsISO8601({ strict: true }, { message: 'datePosted must be a date-time such as 2025-07-01T09:00:00Z.' })
  datePosted!: string;
}
