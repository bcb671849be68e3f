import type {
  BlogPost,
  ContactMessage,
  FanOutRecord,
  AuditRecord,
  MarketingSubscriber,
  SearchLabEntry,
  YoutubeVideo,
} from '@agency/shared';
import { queryOptions } from '@tanstack/react-query';
import { adminGet } from './admin-session';

/** Every admin read sits under this key, so logging out drops them all from memory. */
export const ADMIN_QUERY_ROOT = 'admin';

function adminList<T>(name: string, path: string) {
  return () =>
    queryOptions({
      queryKey: [ADMIN_QUERY_ROOT, name],
      queryFn: ({ signal }) => adminGet<T[]>(path, signal),
    });
}

/** The admin panel's reads, each needing a session (categories come from the public list, categoriesQuery). */
export const adminBlogPostsQuery = adminList<BlogPost>('blog-posts', '/api/admin/blog-posts');
export const adminSearchLabEntriesQuery = adminList<SearchLabEntry>('search-lab-entries', '/api/admin/search-lab-entries');
export const adminYoutubeVideosQuery = adminList<YoutubeVideo>('youtube-videos', '/api/admin/youtube-videos');
export const adminAuditRecordsQuery = adminList<AuditRecord>('llm-queries', '/api/admin/llm-queries');
export const adminFanOutRecordsQuery = adminList<FanOutRecord>('query-fan-out-requests', '/api/admin/query-fan-out-requests');
export const adminContactMessagesQuery = adminList<ContactMessage>('contact-messages', '/api/contact-messages');
export const adminSubscribersQuery = adminList<MarketingSubscriber>('subscribers', '/api/admin/subscribers');
