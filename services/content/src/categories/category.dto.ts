import { TEXT_LIMITS } from '@agency/shared';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Trim, TrimToNull } from '../common/dto-transforms.js';

/** Body of POST and PUT /api/admin/categories. */
export class CategoryInput {
  @Trim()
  @IsString({ message: 'name must be text.' })
  @IsNotEmpty({ message: 'name is required.' })
  @MaxLength(TEXT_LIMITS.categoryName, { message: `name must be at most ${TEXT_LIMITS.categoryName} characters.` })
  name!: string;

  @TrimToNull()
  @IsOptional()
  @IsString({ message: 'description must be text.' })
  @MaxLength(TEXT_LIMITS.categoryDescription, {
    message: `description must be at most ${TEXT_LIMITS.categoryDescription} characters.`,
  })
  description?: string | null;
}
