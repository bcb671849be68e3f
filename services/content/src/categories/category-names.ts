import { BadRequestException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { CategoryEntity } from './category.entity.js';

/** The stored spelling of a category name, matched regardless of case; 400 when there is none. */
export async function canonicalCategoryName(manager: EntityManager, name: string): Promise<string> {
  const category = await manager
    .createQueryBuilder(CategoryEntity, 'category')
    .where('lower(category.name) = lower(:name)', { name })
    .getOne();
  if (!category) {
    throw new BadRequestException(`category "${name}" does not exist. Choose one of the existing categories.`);
  }
  return category.name;
}
