import { ADMIN_LIST_SORTS, TEXT_LIMITS } from '@agency/shared';
import { AdminListQuery } from '@agency/server-kit';
import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';

/** GET /api/admin/blog-posts: paging, search (title and excerpt), status and category filters, sort. */
export class BlogPostListQuery extends AdminListQuery {
  @IsOptional()
  @IsIn(['published', 'draft'], { message: 'status must be published or draft.' })
  status?: 'published' | 'draft';

  @IsOptional()
  @IsString({ message: 'category must be text.' })
  @MaxLength(TEXT_LIMITS.categoryName, { message: `category must be at most ${TEXT_LIMITS.categoryName} characters.` })
  category?: string;

  @IsOptional()
  @IsIn(ADMIN_LIST_SORTS.blogPosts, { message: `sort must be one of ${ADMIN_LIST_SORTS.blogPosts.join(', ')}.` })
  sort: (typeof ADMIN_LIST_SORTS.blogPosts)[number] = 'newest';
}
