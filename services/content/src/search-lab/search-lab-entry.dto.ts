import { DISPLAY_ORDER_MAX, SEARCH_LAB_POSITION_DEFAULT, TEXT_LIMITS } from '@agency/shared';
import { IsBoolean, IsInt, IsNotEmpty, IsOptional, IsString, IsUrl, Max, MaxLength, Min } from 'class-validator';
import { HTTP_URL, Trim } from '../common/dto-transforms.js';

const POSITION_MESSAGE = `displayOrder must be a whole number from 0 to ${DISPLAY_ORDER_MAX}.`;

/** Body of POST and PUT /api/admin/search-lab-entries. */
export class SearchLabEntryInput {
  @Trim()
  @IsString({ message: 'title must be text.' })
  @IsNotEmpty({ message: 'title is required.' })
  @MaxLength(TEXT_LIMITS.title, { message: `title must be at most ${TEXT_LIMITS.title} characters.` })
  title!: string;

  @Trim()
  @IsString({ message: 'summary must be text.' })
  @IsNotEmpty({ message: 'summary is required.' })
  @MaxLength(TEXT_LIMITS.summary, { message: `summary must be at most ${TEXT_LIMITS.summary} characters.` })
  summary!: string;

  @Trim()
  @IsString({ message: 'chatgptLink is required.' })
  @IsNotEmpty({ message: 'chatgptLink is required.' })
  @MaxLength(TEXT_LIMITS.url, { message: `chatgptLink must be at most ${TEXT_LIMITS.url} characters.` })
  @IsUrl(HTTP_URL, { message: 'chatgptLink must be an http or https URL.' })
  chatgptLink!: string;

  @IsOptional()
  @IsBoolean({ message: 'published must be true or false.' })
  published?: boolean;

  /** Higher numbers are listed first. The admin form sends 0 for an invalid position; 0 sorts last. */
  @IsOptional()
  @IsInt({ message: POSITION_MESSAGE })
  @Min(0, { message: POSITION_MESSAGE })
  @Max(DISPLAY_ORDER_MAX, { message: POSITION_MESSAGE })
  displayOrder: number = SEARCH_LAB_POSITION_DEFAULT;
}
