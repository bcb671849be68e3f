import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '@agency/shared';
import { adminBlogPostsQuery } from '../../../api/admin-queries';
import { formatLongDate, readTimeLabel } from '../../../format/date-format';
import { BlogPostDialog } from './blog-post-dialog';
import { blogPostResource } from './content-resources';
import { CrudPanel } from './crud-panel';
import { OutLink, PublishedBadge, RecordMeta } from './record-card';

export function BlogPostsPanel() {
  return (
    <CrudPanel<BlogPost>
      title="Blog Posts"
      result={useQuery(adminBlogPostsQuery())}
      loadingText="Loading posts..."
      emptyText="No blog posts yet. Create the first one with New Post."
      newLabel="New Post"
      noun="blog post"
      resource={blogPostResource}
      nameOf={(post) => post.title}
      badgesOf={(post) => <PublishedBadge published={post.published} />}
      renderDetails={(post) => (
        <>
          <p className="admin-record-text">{post.excerpt}</p>
          <RecordMeta
            items={[
              ['Category', post.category],
              ['Read time', readTimeLabel(post.readTime)],
              ['Posted', formatLongDate(post.datePosted)],
              ['Public page', post.published ? <OutLink href={`/blog/${post.slug}`}>/blog/{post.slug}</OutLink> : null],
            ]}
          />
        </>
      )}
      Dialog={BlogPostDialog}
    />
  );
}
