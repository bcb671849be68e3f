import { DISPLAY_ORDER_MAX, SEARCH_LAB_POSITION_DEFAULT, TEXT_LIMITS } from '@agency/shared';
import { HttpUrl, OrderNumber, PublishedFlag, RequiredText } from '@agency/server-kit';

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
}
