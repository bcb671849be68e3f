import type { BlogPost } from '@agency/shared';
import type { BlogPostEntity } from './blog-post.entity.js';

export function toBlogPost(entity: BlogPostEntity): BlogPost {
  return {
    id: entity.id,
    slug: entity.slug,
    title: entity.title,
    excerpt: entity.excerpt,
    content: entity.content,
    category: entity.category,
    image: entity.image,
    imageAlt: entity.imageAlt,
    readTime: entity.readTime,
    published: entity.published,
    datePosted: entity.datePosted.toISOString(),
    metaTitle: entity.metaTitle,
    metaDescription: entity.metaDescription,
    createdAt: entity.createdAt.toISOString(),
    updatedAt: entity.updatedAt.toISOString(),
  };
}
