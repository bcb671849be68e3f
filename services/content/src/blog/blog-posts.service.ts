import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import { type BlogPost, readTimeFor, slugify } from '@agency/shared';
import { containsPattern, type ListPage } from '@agency/server-kit';
import { DataSource, type EntityManager, LessThanOrEqual, MoreThan, Repository } from 'typeorm';
import { readListPage } from '../common/admin-list-page.js';
import { canonicalCategoryName } from '../categories/category-names.js';
import { idOrSlug } from '../common/id-or-slug.js';
import { allocateSlug, retryOnSlugClash } from '../common/slug-allocator.js';
import { BlogPostEntity } from './blog-post.entity.js';
import type { BlogPostInput } from './blog-post.dto.js';
import type { BlogPostListQuery } from './blog-post-list.query.js';
import { toBlogPost } from './blog-post.view.js';

export const BLOG_POST_NOT_FOUND = 'Blog post not found.';
export const IMAGE_ALT_REQUIRED = 'imageAlt is required with an image: describe the picture for readers who cannot see it.';
const NEWEST_FIRST = { datePosted: 'DESC', id: 'DESC' } as const;

@Injectable()
export class BlogPostsService {
  constructor(
    @InjectRepository(BlogPostEntity) private readonly posts: Repository<BlogPostEntity>,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  /**
   * Published posts whose moment has come. A published post dated in the future is scheduled: it
   * appears once the clock passes its datePosted, with no job or restart (the read decides).
   */
  async listPublished(now: Date = new Date()): Promise<BlogPost[]> {
    const rows = await this.posts.find({ where: { published: true, datePosted: LessThanOrEqual(now) }, order: NEWEST_FIRST });
    return rows.map(toBlogPost);
  }

  /** The admin list: every post, drafts included; the search expression is the one blog_posts_search_idx indexes. */
  listPage(query: BlogPostListQuery): Promise<ListPage<BlogPost>> {
    const posts = this.posts.createQueryBuilder('post');
    if (query.q) posts.andWhere(`(post.title || ' ' || post.excerpt) ILIKE :q`, { q: containsPattern(query.q) });
    if (query.status) posts.andWhere('post.published = :published', { published: query.status === 'published' });
    if (query.category) posts.andWhere('post.category = :category', { category: query.category });
    if (query.sort === 'title') posts.orderBy('lower(post.title)', 'ASC').addOrderBy('post.id', 'ASC');
    else {
      const direction = query.sort === 'oldest' ? 'ASC' : 'DESC';
      posts.orderBy('post.datePosted', direction).addOrderBy('post.id', direction);
    }
    return readListPage(posts, query, toBlogPost);
  }

  /** When the next scheduled post goes public, or null: caches in front of the public reads stop there. */
  async nextScheduled(now: Date = new Date()): Promise<Date | null> {
    const row = await this.posts.findOne({ where: { published: true, datePosted: MoreThan(now) }, order: { datePosted: 'ASC' }, select: { id: true, datePosted: true } });
    return row?.datePosted ?? null;
  }

  /** Any post, draft or scheduled, for a signed-in admin's preview. */
  async findAny(param: string): Promise<BlogPost> {
    const row = await this.posts.findOneBy(idOrSlug(param));
    if (!row) throw new NotFoundException(BLOG_POST_NOT_FOUND);
    return toBlogPost(row);
  }

  /** A published post by numeric id or slug. */
  async findPublished(param: string, now: Date = new Date()): Promise<BlogPost> {
    const row = await this.posts.findOneBy({ ...idOrSlug(param), published: true, datePosted: LessThanOrEqual(now) });
    if (!row) throw new NotFoundException(BLOG_POST_NOT_FOUND);
    return toBlogPost(row);
  }

  create(input: BlogPostInput): Promise<BlogPost> {
    return retryOnSlugClash(
      () =>
        this.dataSource.transaction(async (manager) => {
          const post = manager.create(BlogPostEntity, {
            slug: await allocateSlug(manager, BlogPostEntity, slugify(input.title, 'post')),
            published: false,
          });
          await this.apply(manager, post, input);
          return toBlogPost(await manager.save(post));
        }),
      'blog_posts_slug_key',
    );
  }

  update(id: number, input: BlogPostInput): Promise<BlogPost> {
    return this.dataSource.transaction(async (manager) => {
      const post = await manager.findOne(BlogPostEntity, { where: { id }, lock: { mode: 'pessimistic_write' } });
      if (!post) throw new NotFoundException(BLOG_POST_NOT_FOUND);
      await this.apply(manager, post, input);
      return toBlogPost(await manager.save(post));
    });
  }

  async remove(id: number): Promise<void> {
    const result = await this.posts.delete({ id });
    if (!result.affected) throw new NotFoundException(BLOG_POST_NOT_FOUND);
  }

  private async apply(manager: EntityManager, post: BlogPostEntity, input: BlogPostInput): Promise<void> {
    post.title = input.title;
    post.excerpt = input.excerpt;
    post.content = input.content;
    post.category = await canonicalCategoryName(manager, input.category);
    post.image = input.image ?? null;
    if (post.image && !input.imageAlt) throw new BadRequestException(IMAGE_ALT_REQUIRED);
    post.imageAlt = post.image ? (input.imageAlt ?? null) : null;
    post.metaTitle = input.metaTitle ?? null;
    post.metaDescription = input.metaDescription ?? null;
    post.readTime = readTimeFor(input.content, input.readTime);
    if (input.published !== undefined) post.published = input.published;
    post.datePosted = new Date(input.datePosted);
  }
}
