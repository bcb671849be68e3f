import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { sendListPage } from '@agency/server-kit';
import type { Response } from 'express';
import type { BlogPost } from '@agency/shared';
import { ParseIdPipe } from '../common/parse-id.pipe.js';
import { PublicRead } from '../common/public-read.decorator.js';
import { BlogPostInput } from './blog-post.dto.js';
import { BlogPostListQuery } from './blog-post-list.query.js';
import { BlogPostsService } from './blog-posts.service.js';

@Controller('api/blog-posts')
export class BlogPostsController {
  constructor(private readonly blogPosts: BlogPostsService) {}

  @Get()
  @PublicRead()
  list(): Promise<BlogPost[]> {
    return this.blogPosts.listPublished();
  }

  @Get(':idOrSlug')
  @PublicRead()
  findOne(@Param('idOrSlug') idOrSlug: string): Promise<BlogPost> {
    return this.blogPosts.findPublished(idOrSlug);
  }
}

@Controller('api/admin/blog-posts')
export class AdminBlogPostsController {
  constructor(private readonly blogPosts: BlogPostsService) {}

  @Get()
  async list(@Query() query: BlogPostListQuery, @Res({ passthrough: true }) res: Response): Promise<BlogPost[]> {
    return sendListPage(res, await this.blogPosts.listPage(query));
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
