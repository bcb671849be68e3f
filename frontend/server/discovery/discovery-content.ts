import type { BlogPost, SearchLabEntry, YoutubeVideo } from '@agency/shared';
import { apiGet } from '../../src/api/api-client';
import { sortNewestFirst } from '../../src/api/blog-post-queries';

/** What the discovery files list: the published posts (newest first), case studies and videos. */
export interface DiscoveryContent {
  posts: BlogPost[];
  caseStudies: SearchLabEntry[];
  videos: YoutubeVideo[];
}

export async function loadDiscoveryContent(): Promise<DiscoveryContent> {
  const [posts, caseStudies, videos] = await Promise.all([
    apiGet<BlogPost[]>('/api/blog-posts'),
    apiGet<SearchLabEntry[]>('/api/search-lab-entries'),
    apiGet<YoutubeVideo[]>('/api/youtube-videos'),
  ]);
  return { posts: sortNewestFirst(posts), caseStudies, videos };
}
