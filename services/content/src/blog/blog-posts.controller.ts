import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import type { BlogPost } from '@agency/shared';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { PublicRead } from '../common/public-read.decorator.js';
import { BlogPostInput } from './blog-post.dto.js';
import { BlogPostListQuery } from './blog-post-list.query.js';
import { BlogPostsService } from './blog-posts.service.js';

/**
 * On public post reads: when the next scheduled post goes public (an ISO instant). The site's
 * renderer keeps a read no later than this, so a scheduled post appears on time (docs/api.md).
 */
export const NEXT_PUBLICATION_HEADER = 'X-Next-Publication';

@Controller('api/blog-posts')
export class BlogPostsController {
  constructor(private readonly blogPosts: BlogPostsService) {}

  @Get()
  @PublicRead()
  async list(@Res({ passthrough: true }) res: Response): Promise<BlogPost[]> {
    const now = new Date();
    await this.markNextPublication(res, now);
    return this.blogPosts.listPublished(now);
  }

  @Get(':idOrSlug')
  @PublicRead()
  async findOne(@Param('idOrSlug') idOrSlug: string, @Res({ passthrough: true }) res: Response): Promise<BlogPost> {
    const now = new Date();
    await this.markNextPublication(res, now);
    return this.blogPosts.findPublished(idOrSlug, now);
  }

  private async markNextPublication(res: Response, now: Date): Promise<void> {
    const next = await this.blogPosts.nextScheduled(now);
    if (next) res.setHeader(NEXT_PUBLICATION_HEADER, next.toISOString());
  }
}

@Controller('api/admin/blog-posts')
export class AdminBlogPostsController {
  constructor(private readonly blogPosts: BlogPostsService) {}

  @Get()
  async list(@Query() query: BlogPostListQuery, @Res({ passthrough: true }) res: Response): Promise<BlogPost[]> {
    return sendListPage(res, await this.blogPosts.listPage(query));
  }

  /** Any post, draft or scheduled: the editor's load and the public page's preview (never cached: admin paths are no-store). */
  @Get(':idOrSlug')
  findOne(@Param('idOrSlug') idOrSlug: string): Promise<BlogPost> {
    return this.blogPosts.findAny(idOrSlug);
  }

  @Post()
  create(@Body() input: BlogPostInput): Promise<BlogPost> {
    return this.blogPosts.create(input);
  }

  @Put(':id')
  update(@Param('id', ParseIdPipe) id: number, @Body() input: BlogPostInput): Promise<BlogPost> {
    return this.blogPosts.update(id, input);
  }

  @Delete(':id')
  @HttpCode(204)
  remove(@Param('id', ParseIdPipe) id: number): Promise<void> {
    return this.blogPosts.remove(id);
  }
}
