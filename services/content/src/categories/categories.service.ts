import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import type { Category } from '@agency/shared';
import { AdminListQuery, containsPattern, type ListPage } from '@agency/server-kit';
import { DataSource, type EntityManager, Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { BlogPostEntity } from '../blog/blog-post.entity.js';
import { isForeignKeyViolation, isUniqueViolation } from '../common/postgres-errors.js';
import { CategoryEntity } from './category.entity.js';
import type { CategoryInput } from './category.dto.js';

export const CATEGORY_NOT_FOUND = 'Category not found.';

function toCategory(entity: CategoryEntity): Category {
  return { id: entity.id, name: entity.name, description: entity.description };
}

@Injectable()
export class CategoriesService {
  constructor(
    @InjectRepository(CategoryEntity) private readonly categories: Repository<CategoryEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /** The public list, for the blog's filter: only categories that have a published post. */
  async listInUse(): Promise<Category[]> {
    const rows = await this.categories
      .createQueryBuilder('category')
      .where('EXISTS (SELECT 1 FROM blog_posts post WHERE post.category = category.name AND post.published)')
      .orderBy('lower(category.name)', 'ASC')
      .getMany();
    return rows.map(toCategory);
  }

  /** The admin list: every category, by name. */
  listPage(query: AdminListQuery): Promise<ListPage<Category>> {
    const rows = this.categories.createQueryBuilder('category');
    if (query.q) rows.andWhere('category.name ILIKE :q', { q: containsPattern(query.q) });
    rows.orderBy('lower(category.name)', 'ASC').addOrderBy('category.id', 'ASC');
    return readListPage(rows, query, toCategory);
  }

  create(input: CategoryInput): Promise<Category> {
    return this.write(input.name, async (manager) => {
      await this.refuseDuplicateName(manager, input.name);
      const category = manager.create(CategoryEntity, { name: input.name, description: input.description ?? null });
      return toCategory(await manager.save(category));
    });
  }

  /** Renaming carries the category's posts along (the foreign key cascades the new name). */
  update(id: number, input: CategoryInput): Promise<Category> {
    return this.write(input.name, async (manager) => {
      const category = await manager.findOne(CategoryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!category) throw new NotFoundException(CATEGORY_NOT_FOUND);
      await this.refuseDuplicateName(manager, input.name, id);
      category.name = input.name;
      category.description = input.description ?? null;
      return toCategory(await manager.save(category));
    });
  }

  async remove(id: number): Promise<void> {
    try {
      await this.removeUnused(id);
    } catch (error) {
      // A post written between our count and the delete is caught by the foreign key.
      if (isForeignKeyViolation(error)) throw new ConflictException('This category is used by blog posts. Move or delete them first.');
      throw error;
    }
  }

  private removeUnused(id: number): Promise<void> {
    return this.dataSource.transaction(async (manager) => {
      const category = await manager.findOne(CategoryEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!category) throw new NotFoundException(CATEGORY_NOT_FOUND);
      const postCount = await manager.countBy(BlogPostEntity, { category: category.name });
      if (postCount > 0) {
        const posts = postCount === 1 ? '1 blog post' : `${postCount} blog posts`;
        throw new ConflictException(
          `The category "${category.name}" is used by ${posts}. Move those posts to another category or delete them first.`,
        );
      }
      await manager.remove(category);
    });
  }

  private async write<T>(name: string, work: (manager: EntityManager) => Promise<T>): Promise<T> {
    try {
      return await this.dataSource.transaction(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateName(name);
      throw error;
    }
  }

  private async refuseDuplicateName(manager: EntityManager, name: string, exceptId?: number): Promise<void> {
    const query = manager.createQueryBuilder(CategoryEntity, 'category').where('lower(category.name) = lower(:name)', { name });
    if (exceptId !== undefined) query.andWhere('category.id <> :exceptId', { exceptId });
    if (await query.getExists()) throw duplicateName(name);
  }
}

function duplicateName(name: string): ConflictException {
  return new ConflictException(`A category named "${name}" already exists.`);
}
