import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { BlogPostEntity } from './blog-post.entity.js';
import { AdminBlogPostsController, BlogPostsController } from './blog-posts.controller.js';
import { BlogPostsService } from './blog-posts.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([BlogPostEntity])],
  controllers: [BlogPostsController, AdminBlogPostsController],
  providers: [BlogPostsService],
})
export class BlogModule {}
