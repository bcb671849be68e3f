import { TEXT_LIMITS } from '@agency/shared';
import { OptionalText, RequiredText } from '@agency/server-kit';

/** Body of POST and PUT /api/admin/categories. */
export class CategoryInput {
  @RequiredText('name', TEXT_LIMITS.categoryName)
  name!: string;

  @OptionalText('description', TEXT_LIMITS.categoryDescription)
  description?: string | null;
}
