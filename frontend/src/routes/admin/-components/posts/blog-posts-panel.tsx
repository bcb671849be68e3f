import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { BlogPost } from '@agency/shared';
import { ADMIN_LIST_LIMIT_MAX } from '@agency/shared';
import { adminBlogPostsQuery, adminCategoriesQuery } from '../../../../api/admin-queries';
import { formatLongDate, readTimeLabel } from '../../../../format/date-format';
import { BlogPostDialog } from './blog-post-dialog';
import { blogPostResource } from '../shared/content-resources';
import { CrudPanel } from '../shared/crud-panel';
import { PUBLISHED_FILTER } from '../shared/list-options';
import { ListToolbar } from '../shared/list-toolbar';
import { useListControls } from '../shared/use-list-controls';
import { postState } from './post-editor-model';
import { OutLink, RecordMeta } from '../shared/record-card';

export function BlogPostsPanel() {
  const controls = useListControls();
  const categories = useQuery(adminCategoriesQuery({ limit: ADMIN_LIST_LIMIT_MAX, offset: 0 }));
  const categoryNames = (categories.data?.items ?? []).map((category) => category.name);
  return (
    <>
      <div className="admin-panel-tools">
        <Link to="/admin/posts/$postId" params={{ postId: 'new' }} className="btn btn-secondary btn-small">
          Write a post in the full editor
        </Link>
      </div>
      <CrudPanel<BlogPost>
        title="Blog Posts"
        result={useQuery(adminBlogPostsQuery(controls.params))}
        controls={controls}
        toolbar={
          <ListToolbar
            controls={controls}
            searchLabel="Search posts"
            searchPlaceholder="Title or excerpt"
            filters={[PUBLISHED_FILTER, { name: 'category', label: 'Category', options: [['', 'All'], ...categoryNames.map((name): [string, string] => [name, name])] }]}
            sorts={[['newest', 'Newest first'], ['oldest', 'Oldest first'], ['title', 'Title A–Z']]}
          />
        }
        loadingText="Loading posts..."
        emptyText="No blog posts yet. Create the first one with New Post."
        newLabel="New Post"
        noun="blog post"
        resource={blogPostResource}
        nameOf={(post) => post.title}
        badgesOf={(post) => <PostStateBadge post={post} />}
        renderDetails={(post) => (
          <>
            <p className="admin-record-text">{post.excerpt}</p>
            <RecordMeta
              items={[
                ['Category', post.category],
                ['Read time', readTimeLabel(post.readTime)],
                ['Posted', formatLongDate(post.datePosted)],
                ['Public page', postState(post) === 'published' ? <OutLink href={`/blog/${post.slug}`}>/blog/{post.slug}</OutLink> : <OutLink href={`/blog/${post.slug}?preview=1`}>Preview</OutLink>],
                ['Full editor', <Link to="/admin/posts/$postId" params={{ postId: String(post.id) }}>Edit</Link>],
              ]}
            />
          </>
        )}
        Dialog={BlogPostDialog}
      />
    </>
  );
}

/** Draft, Scheduled (published, its moment still ahead) or Published. */
function PostStateBadge({ post }: { post: BlogPost }) {
  const state = postState(post);
  if (state === 'draft') return <span className="badge badge-draft">Draft</span>;
  if (state === 'scheduled') return <span className="badge badge-scheduled" title={`Goes public ${formatLongDate(post.datePosted)}`}>Scheduled</span>;
  return <span className="badge badge-published">Published</span>;
}
