import { DISPLAY_ORDER_MAX, SEARCH_LAB_POSITION_DEFAULT, TEXT_LIMITS } from '@agency/shared';
import { HttpUrl, OptionalText, OrderNumber, PublishedFlag, RequiredText } from '@agency/server-kit';
import { IsISO8601, IsOptional, Matches } from 'class-validator';
import { Transform } from 'class-transformer';

/** Body of POST and PUT /api/admin/search-lab-entries. */
export class SearchLabEntryInput {
  @RequiredText('title', TEXT_LIMITS.title)
  title!: string;

  @RequiredText('summary', TEXT_LIMITS.summary)
  summary!: string;

  @HttpUrl('chatgptLink', { optional: false })
  chatgptLink!: string;

  @PublishedFlag()
  published?: boolean;

  /** Higher numbers are listed first. The admin form sends 0 for an invalid position; 0 sorts last. */
  @OrderNumber('displayOrder', 0, DISPLAY_ORDER_MAX)
  displayOrder: number = SEARCH_LAB_POSITION_DEFAULT;

  @OptionalText('metaTitle', TEXT_LIMITS.metaTitle)
  metaTitle?: string | null;

  @OptionalText('metaDescription', TEXT_LIMITS.metaDescription)
  metaDescription?: string | null;

  @OptionalText('challenge', TEXT_LIMITS.caseStudySection)
  challenge?: string | null;

  @OptionalText('whatChanged', TEXT_LIMITS.caseStudySection)
  whatChanged?: string | null;

  @OptionalText('result', TEXT_LIMITS.caseStudySection)
  result?: string | null;

  /** A calendar date such as 2025-06-30; empty means none. */
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' && value.trim() === '' ? null : value))
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'caseDate must be a date such as 2025-06-30.' })
  @Matches(/^\d{4}-\d{2}-\d{2}$/, { message: 'caseDate must be a date such as 2025-06-30.' })
  caseDate?: string | null;
}
