import type {
  AdminActivityEntry,
  AuditRecord,
  BlogPost,
  Category,
  ContactMessage,
  CrawlerLogAnalysisRecord,
  CrawlerLogAnswer,
  SemanticExpansionRecord,
  ImageAnalysisRecord,
  LeadsOverview,
  MarketingSubscriber,
  PersonRecords,
  SearchLabEntry,
  ToolsOverview,
  YoutubeVideo,
} from '@agency/shared';
import { ADMIN_LIST_LIMIT_MAX } from '@agency/shared';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { adminGet, adminGetList } from './admin-session';

/** Every admin read sits under this key, so logging out drops them all from memory. */
export const ADMIN_QUERY_ROOT = 'admin';

/** What an admin list is asked for: a page, the search text, filters and sort (docs/api.md, "Admin lists"). */
export type ListParams = Record<string, string | number | undefined>;

export const DEFAULT_LIST_PARAMS: ListParams = { limit: 100, offset: 0 };

/** Every row of a short ordered list (videos, Search Lab) in position order, for reordering. */
export const REORDER_LIST_PARAMS: ListParams = { limit: ADMIN_LIST_LIMIT_MAX, offset: 0, sort: 'position' };

/** The list's address with its parameters; empty ones are left out. */
export function listPath(path: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

function adminList<T>(name: string, path: string) {
  return (params: ListParams = DEFAULT_LIST_PARAMS) =>
    queryOptions({
      queryKey: [ADMIN_QUERY_ROOT, name, params],
      queryFn: ({ signal }) => adminGetList<T>(listPath(path, params), signal),
      // The page shown stays while the next one loads: no flash of "Loading..." between pages.
      placeholderData: keepPreviousData,
    });
}

/** A list read's query options for some parameters, as every admin list tab takes it. */
export type AdminListQuery<T> = ReturnType<typeof adminList<T>>;

function adminRecord<T>(name: string, path: string) {
  return (id: number) =>
    queryOptions({
      queryKey: [ADMIN_QUERY_ROOT, name, 'record', id],
      queryFn: ({ signal }) => adminGet<T>(`${path}/${id}`, signal),
    });
}

/** The admin panel's reads, each needing a session. */
export const adminBlogPostsQuery = adminList<BlogPost>('blog-posts', '/api/admin/blog-posts');
export const adminCategoriesQuery = adminList<Category>('categories', '/api/admin/categories');
export const adminCaseStudiesQuery = adminList<SearchLabEntry>('search-lab-entries', '/api/admin/search-lab-entries');
export const adminYoutubeVideosQuery = adminList<YoutubeVideo>('youtube-videos', '/api/admin/youtube-videos');
export const adminAuditRecordsQuery = adminList<AuditRecord>('llm-queries', '/api/admin/llm-queries');
export const adminSemanticExpansionRecordsQuery = adminList<SemanticExpansionRecord>('query-fan-out-requests', '/api/admin/query-fan-out-requests');
export const adminImageAnalysesQuery = adminList<ImageAnalysisRecord>('image-analyses', '/api/admin/image-analyses');
export const adminContactMessagesQuery = adminList<ContactMessage>('contact-messages', '/api/contact-messages');
export const adminSubscribersQuery = adminList<MarketingSubscriber>('subscribers', '/api/admin/subscribers');
export const adminActivityQuery = adminList<AdminActivityEntry>('activity', '/api/admin/activity');

export const adminAuditRecordQuery = adminRecord<AuditRecord>('llm-queries', '/api/admin/llm-queries');
export const adminSemanticExpansionRecordQuery = adminRecord<SemanticExpansionRecord>('query-fan-out-requests', '/api/admin/query-fan-out-requests');
export const adminImageAnalysisQuery = adminRecord<ImageAnalysisRecord>('image-analyses', '/api/admin/image-analyses');
export const adminCrawlerLogsQuery = adminList<CrawlerLogAnalysisRecord>('crawler-log-analyses', '/api/admin/crawler-log-analyses');
export const adminCrawlerLogQuery = adminRecord<CrawlerLogAnalysisRecord>('crawler-log-analyses', '/api/admin/crawler-log-analyses');
/** The analyzer's report over this site's own gateway access log, read when staff ask for it. */
export const adminGatewayCrawlerLogQuery = () =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'crawler-log-analyses', 'gateway-log'],
    queryFn: ({ signal }) => adminGet<CrawlerLogAnswer & { file: string }>('/api/admin/crawler-log-analyses/gateway-log', signal),
    enabled: false,
  });
export const adminContactMessageQuery = adminRecord<ContactMessage>('contact-messages', '/api/admin/contact-messages');

export const adminLeadsOverviewQuery = () =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, 'overview', 'leads'], queryFn: ({ signal }) => adminGet<LeadsOverview>('/api/admin/overview/leads', signal) });
export const adminToolsOverviewQuery = () =>
  queryOptions({ queryKey: [ADMIN_QUERY_ROOT, 'overview', 'tools'], queryFn: ({ signal }) => adminGet<ToolsOverview>('/api/admin/tool-overview', signal) });

/** Every record of one address, by kind (the person view). */
export const adminPersonQuery = (email: string) =>
  queryOptions({
    queryKey: [ADMIN_QUERY_ROOT, 'people', email.toLowerCase()],
    queryFn: ({ signal }) => adminGet<PersonRecords>(`/api/admin/people?${new URLSearchParams({ email }).toString()}`, signal),
  });
