import type { BlogPost } from '@agency/shared';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { BlogPostArticle } from '../../../blog/-components/blog-post-page';
import { type EditorDocument, EditorLoader, EditorPage, useEditorSession } from '../editor/editor-page';
import { fromDateTimeLocal } from '../shared/admin-format';
import { AdminGate } from '../shell/admin-gate';
import { type BlogPostInput, POST_FIELD_ORDER, postEditorErrors, postEditorInput, type PostEditorValues, postEditorValues, postReadTime, postSaveLabel, postState } from './post-editor-model';
import { postFieldId, PostForm } from './post-form';

const route = getRouteApi('/admin/posts/$postId');

const STATE_LABELS = { draft: 'Draft', scheduled: 'Scheduled', published: 'Published' } as const;

const POST_DOCUMENT: EditorDocument<BlogPost, PostEditorValues, BlogPostInput> = {
  noun: 'post',
  apiPath: '/api/admin/blog-posts',
  cacheName: 'blog-posts',
  publicKey: ['blog-posts'],
  valuesOf: (post) => postEditorValues(post),
  errorsOf: (values) => postEditorErrors(values, 'page'),
  fieldOrder: POST_FIELD_ORDER,
  fieldId: (field) => postFieldId('page', field),
  inputOf: (values) => postEditorInput(values),
  waitingText: 'Draft not saved yet: it needs a title, excerpt, content and category.',
  savedText: (post) => {
    const state = postState(post);
    return state === 'draft' ? 'Draft saved' : state === 'scheduled' ? 'Blog post scheduled' : 'Blog post published';
  },
  failedText: 'Failed to save blog post',
};

/** The full post editor: `/admin/posts/new`, or a post's id. */
export default function PostEditorPage() {
  const { postId } = route.useParams();
  return (
    <AdminGate>
      <EditorLoader<BlogPost> document={POST_DOCUMENT} id={postId}>
        {(post, onCreated) => <PostEditor post={post} onCreated={onCreated} />}
      </EditorLoader>
    </AdminGate>
  );
}

function PostEditor({ post, onCreated }: { post: BlogPost | undefined; onCreated: (id: number) => void }) {
  const navigate = useNavigate();
  const session = useEditorSession(POST_DOCUMENT, post, onCreated, (id) => {
    void navigate({ to: '/admin/posts/$postId', params: { postId: String(id) }, replace: true, ignoreBlocker: true });
  });
  const { values } = session.form;
  const savedState = session.saved ? postState(session.saved) : null;
  const publishAt = fromDateTimeLocal(values.datePosted);
  return (
    <EditorPage
      session={session}
      title={post ? 'Edit post' : 'New post'}
      badge={{ kind: savedState ?? 'draft', label: STATE_LABELS[savedState ?? 'draft'] }}
      previewHref={session.saved ? `/blog/${session.saved.slug}?preview=1` : null}
      submitLabel={postSaveLabel(values, savedState)}
      preview={
        <BlogPostArticle
          post={{
            id: session.saved?.id ?? 0,
            title: values.title || 'Post title',
            excerpt: values.excerpt,
            content: values.content,
            category: values.category || 'Category',
            image: values.image || null,
            imageAlt: values.imageAlt || null,
            readTime: postReadTime(values).minutes,
            datePosted: publishAt ?? new Date().toISOString(),
          }}
        />
      }
    >
      <PostForm place="page" form={session.form} slug={session.saved?.slug} />
    </EditorPage>
  );
}
