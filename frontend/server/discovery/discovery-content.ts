import type { BlogPost, SearchLabEntry } from '@agency/shared';
import { apiGet } from '../../src/api/api-client';
import { sortNewestFirst } from '../../src/api/blog-post-queries';

/** What the discovery files list: the published posts (newest first) and case studies. */
export interface DiscoveryContent {
  posts: BlogPost[];
  caseStudies: SearchLabEntry[];
}

export async function loadDiscoveryContent(): Promise<DiscoveryContent> {
  const [posts, caseStudies] = await Promise.all([
    apiGet<BlogPost[]>('/api/blog-posts'),
    apiGet<SearchLabEntry[]>('/api/search-lab-entries'),
  ]);
  return { posts: sortNewestFirst(posts), caseStudies };
}
