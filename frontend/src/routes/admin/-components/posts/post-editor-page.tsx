import type { BlogPost } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { BlogPostArticle } from '../../../blog/-components/blog-post-page';
import { focusFirstInvalid } from '../editor/editor-fields';
import { EditorLayout, LeaveGuard, type SaveStatus, SaveStatusText, useAutosave } from '../editor/editor-shell';
import { useEditorForm } from '../editor/use-editor-form';
import { fromDateTimeLocal } from '../shared/admin-format';
import { serverText } from '../shared/admin-resource';
import { AdminGate } from '../shell/admin-gate';
import { POST_FIELD_ORDER, type PostEditorField, postEditorErrors, postEditorInput, postEditorValues, postReadTime, postSaveLabel, postState } from './post-editor-model';
import { postFieldId, PostForm } from './post-form';

const route = getRouteApi('/admin/posts/$postId');
const fieldId = (field: PostEditorField) => postFieldId('page', field);

export const adminPostQuery = (id: string) => ({
  queryKey: [ADMIN_QUERY_ROOT, 'blog-posts', 'one', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<BlogPost>(`/api/admin/blog-posts/${encodeURIComponent(id)}`, signal),
  staleTime: Infinity,
});

export default function PostEditorPage() {
  return (
    <AdminGate>
      <PostEditorLoader />
    </AdminGate>
  );
}

function PostEditorLoader() {
  const { postId } = route.useParams();
  // The id this editor gave a new post on its first save: the address changes to it, the editor stays.
  const createdHere = useRef<string | null>(null);
  const isNew = postId === 'new';
  const existing = useQuery({ ...adminPostQuery(postId), enabled: !isNew });
  if (!isNew && existing.isPending) return <p className="container editor-loading">Loading post...</p>;
  if (!isNew && existing.isError) {
    return (
      <div className="container editor-loading">
        <h1>Post not found</h1>
        <p>{serverText(existing.error)}</p>
        <Link to="/admin">Back to Content Management</Link>
      </div>
    );
  }
  const key = isNew || postId === createdHere.current ? 'created-here' : postId;
  return (
    <PostEditor
      key={key}
      post={isNew ? undefined : existing.data}
      onCreated={(id) => {
        createdHere.current = String(id);
      }}
    />
  );
}

function PostEditor({ post, onCreated }: { post: BlogPost | undefined; onCreated: (id: number) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editor = useEditorForm(() => postEditorValues(post));
  const { values, setErrors } = editor;
  const readTime = postReadTime(values);
  const [saved, setSaved] = useState<BlogPost | undefined>(post);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(postEditorValues(post)));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const saving = useRef<Promise<void> | null>(null);

  const snapshot = JSON.stringify(values);
  const dirty = snapshot !== savedSnapshot;
  const savedState = saved ? postState(saved) : null;

  /** Sends the form; `explicit` is the button (shows problems and toasts), otherwise an autosave. */
  const save = async (explicit: boolean): Promise<void> => {
    if (saving.current) await saving.current;
    const problems = postEditorErrors(values);
    if (Object.keys(problems).length > 0) {
      if (explicit) {
        setErrors(problems);
        focusFirstInvalid(POST_FIELD_ORDER, problems, fieldId);
        setStatus({ kind: 'failed', message: 'check the fields marked below.' });
      } else {
        setStatus({ kind: 'waiting', message: 'Draft not saved yet: it needs a title, excerpt, content and category.' });
      }
      return;
    }
    const sentSnapshot = snapshot;
    const input = postEditorInput(values);
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        const result = saved
          ? await adminSend<BlogPost>('PUT', `/api/admin/blog-posts/${saved.id}`, input)
          : await adminSend<BlogPost>('POST', '/api/admin/blog-posts', input);
        setSaved(result);
        setSavedSnapshot(sentSnapshot);
        setStatus({ kind: 'saved', at: new Date() });
        queryClient.setQueryData(adminPostQuery(String(result.id)).queryKey, result);
        // Every page of the admin list, whatever its parameters; not the editor's own read ('one').
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'blog-posts'], predicate: (query) => query.queryKey[2] !== 'one' });
        void queryClient.invalidateQueries({ queryKey: ['blog-posts'] });
        if (!saved) {
          onCreated(result.id);
          void navigate({ to: '/admin/posts/$postId', params: { postId: String(result.id) }, replace: true, ignoreBlocker: true });
        }
        if (explicit) {
          const state = postState(result);
          toast({
            title: 'Success',
            description: state === 'draft' ? 'Draft saved' : state === 'scheduled' ? 'Blog post scheduled' : 'Blog post published',
          });
        }
      } catch (error) {
        setStatus({ kind: 'failed', message: serverText(error) });
        if (explicit) toast({ title: 'Error', description: `Failed to save blog post: ${serverText(error)}`, variant: 'destructive' });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  };

  // Drafts save themselves; a live or scheduled post changes only when the button is pressed.
  useAutosave(snapshot, dirty && !values.published && savedState !== 'published' && savedState !== 'scheduled', () => save(false));

  const previewHref = saved ? `/blog/${saved.slug}?preview=1` : null;
  const publishAt = fromDateTimeLocal(values.datePosted);

  const form = (
    <form
      className="form editor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
      id="post-editor-form"
    >
      <PostForm place="page" form={editor} slug={saved?.slug} />
    </form>
  );

  const heading = (
    <div className="editor-heading">
      <Link to="/admin" className="back-link">
        Back to Content Management
      </Link>
      <h1 className="editor-title">{post ? 'Edit post' : 'New post'}</h1>
      <p className="editor-state">
        <span className={`badge badge-${savedState ?? 'draft'}`}>{savedState === 'scheduled' ? 'Scheduled' : savedState === 'published' ? 'Published' : 'Draft'}</span>
      </p>
      <SaveStatusText status={status} dirty={dirty} />
    </div>
  );

  const actions = (
    <>
      {previewHref ? (
        <a className="btn btn-secondary btn-small" href={previewHref} target="_blank" rel="noopener">
          Preview<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      <button type="submit" form="post-editor-form" className="btn btn-primary btn-small" aria-disabled={status.kind === 'saving'}>
        {postSaveLabel(values, savedState)}
      </button>
    </>
  );

  const preview = (
    <BlogPostArticle
      post={{
        id: saved?.id ?? 0,
        title: values.title || 'Post title',
        excerpt: values.excerpt,
        content: values.content,
        category: values.category || 'Category',
        image: values.image || null,
        imageAlt: values.imageAlt || null,
        readTime: readTime.minutes,
        datePosted: publishAt ?? new Date().toISOString(),
      }}
    />
  );

  return (
    <>
      <EditorLayout heading={heading} actions={actions} form={form} preview={preview} />
      <LeaveGuard dirty={dirty} />
    </>
  );
}
