import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { successMessages, serverText, type AdminResource } from './admin-resource';
import { visitorMessage } from '../../../../api/api-client';

/**
 * The four content types staff write, with their toasts word for word. Each write also
 * refreshes the public reads, so the site in this tab shows the change at once.
 */

export const blogPostResource: AdminResource = {
  path: '/api/admin/blog-posts',
  // Publishing a post can add its category to the public blog filter.
  refreshes: [[ADMIN_QUERY_ROOT, 'blog-posts'], ['blog-posts'], ['categories']],
  succeeded: successMessages('Blog post'),
  failed: (kind, error) =>
    kind === 'update' ? `Failed to update blog post: ${serverText(error)}` : `Failed to ${kind} blog post`,
};

export const categoryResource: AdminResource = {
  path: '/api/admin/categories',
  // A rename carries the category's posts along, so their lists change too.
  refreshes: [[ADMIN_QUERY_ROOT, 'categories'], ['categories'], [ADMIN_QUERY_ROOT, 'blog-posts'], ['blog-posts']],
  succeeded: successMessages('Category'),
  failed: (kind) => `Failed to ${kind} category`,
};

export const caseStudyResource: AdminResource = {
  path: '/api/admin/search-lab-entries',
  refreshes: [[ADMIN_QUERY_ROOT, 'search-lab-entries'], ['search-lab-entries']],
  succeeded: successMessages('Search lab entry'),
  failed: (kind, error) =>
    kind === 'delete' ? 'Failed to delete search lab entry' : visitorMessage(error, `Failed to ${kind} search lab entry`),
};

export const youtubeVideoResource: AdminResource = {
  path: '/api/admin/youtube-videos',
  refreshes: [[ADMIN_QUERY_ROOT, 'youtube-videos'], ['youtube-videos']],
  succeeded: successMessages('YouTube video'),
  failed: (kind, error) =>
    kind === 'delete' ? 'Failed to delete YouTube video' : visitorMessage(error, `Failed to ${kind} YouTube video`),
};
