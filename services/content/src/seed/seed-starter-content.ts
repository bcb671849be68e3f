import { slugify } from '@agency/shared';
import type { DataSource } from 'typeorm';
import { BlogPostEntity } from '../blog/blog-post.entity.js';
import { CategoryEntity } from '../categories/category.entity.js';
import { SearchLabEntryEntity } from '../search-lab/search-lab-entry.entity.js';
import { YoutubeVideoEntity } from '../videos/youtube-video.entity.js';
import { STARTER_CATEGORIES, STARTER_POSTS, STARTER_SEARCH_LAB, STARTER_VIDEOS } from './starter-content.js';

const SEED_LOCK_KEY = 74_001;

/**
 * Loads the starter content when the database holds no content at all, in one transaction.
 * Returns false (and changes nothing) when any content exists, so running it twice is harmless
 * and content that staff deleted never comes back.
 */
export function seedStarterContent(dataSource: DataSource): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    for (const entity of [CategoryEntity, BlogPostEntity, SearchLabEntryEntity, YoutubeVideoEntity]) {
      if (await manager.exists(entity)) return false;
    }

    await manager.save(STARTER_CATEGORIES.map((category) => manager.create(CategoryEntity, category)));
    await manager.save(
      STARTER_POSTS.map((post) =>
        manager.create(BlogPostEntity, { ...post, slug: slugify(post.title, 'post'), datePosted: new Date(post.datePosted) }),
      ),
    );
    await manager.save(
      STARTER_SEARCH_LAB.map((entry) => manager.create(SearchLabEntryEntity, { ...entry, slug: slugify(entry.title, 'case-study') })),
    );
    await manager.save(STARTER_VIDEOS.map((video) => manager.create(YoutubeVideoEntity, video)));
    return true;
  });
}
