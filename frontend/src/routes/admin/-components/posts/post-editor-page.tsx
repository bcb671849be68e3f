import { type BlogPost, estimateReadTime, formatReadTime } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';
import { categoriesQuery } from '../../../../api/category-queries';
import { toast } from '../../../../components/toast/toast-store';
import { PostImage } from '../../../../components/post-image';
import { markupToPlainText } from '../../../../markup/light-markup-parser';
import { summarise } from '../../../../format/summarise';
import { useSiteConfig } from '../../../../config/use-site-config';
import { BlogPostArticle } from '../../../blog/-components/blog-post-page';
import { serverText } from '../shared/admin-resource';
import { AdminGate } from '../shell/admin-gate';
import { describedBy, EditorField, focusFirstInvalid } from '../editor/editor-fields';
import { EditorLayout, LeaveGuard, type SaveStatus, SaveStatusText, useAutosave } from '../editor/editor-shell';
import { MediaLibraryDialog } from '../editor/media-library-dialog';
import {
  type FieldErrors,
  POST_FIELD_ORDER,
  type PostEditorField,
  type PostEditorValues,
  postEditorErrors,
  postEditorInput,
  postEditorValues,
  postReadTime,
  postSaveLabel,
  postState,
} from './post-editor-model';
import { RichMarkupEditor, SHORTCUTS_HINT } from '../editor/rich-markup-editor';
import { SearchFields } from '../editor/search-fields';
import { fromDateTimeLocal } from '../shared/admin-format';

const route = getRouteApi('/admin/posts/$postId');
const fieldId = (field: PostEditorField) => `post-${field}`;

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
  const site = useSiteConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesQuery());
  const [values, setValues] = useState<PostEditorValues>(() => postEditorValues(post));
  const readTime = postReadTime(values);
  const [saved, setSaved] = useState<BlogPost | undefined>(post);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(postEditorValues(post)));
  const [errors, setErrors] = useState<FieldErrors<PostEditorField>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const [choosingCover, setChoosingCover] = useState(false);
  const saving = useRef<Promise<void> | null>(null);

  const snapshot = JSON.stringify(values);
  const dirty = snapshot !== savedSnapshot;
  const savedState = saved ? postState(saved) : null;
  const set = <K extends PostEditorField>(field: K, value: PostEditorValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const names = (categories.data ?? []).map((category) => category.name);
  if (values.category && !names.includes(values.category)) names.unshift(values.category);

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

  const slug = saved?.slug ?? 'new-post';
  const previewHref = saved ? `/blog/${saved.slug}?preview=1` : null;
  const publishAt = fromDateTimeLocal(values.datePosted);
  const scheduled = values.published && publishAt !== null && Date.parse(publishAt) > Date.now();

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
      <EditorField id={fieldId('title')} label="Title" required error={errors.title}>
        <input id={fieldId('title')} className="input editor-title-input" type="text" value={values.title} onChange={(event) => set('title', event.target.value)} {...describedBy(fieldId('title'), { error: errors.title })} />
      </EditorField>
      <EditorField id={fieldId('excerpt')} label="Excerpt" required hint="Shown on the blog list and under the title. Accepts the same markup as the content." error={errors.excerpt}>
        <RichMarkupEditor id={fieldId('excerpt')} value={values.excerpt} onChange={(excerpt) => set('excerpt', excerpt)} rows={3} aria={describedBy(fieldId('excerpt'), { hint: true, error: errors.excerpt })} />
      </EditorField>
      <EditorField id={fieldId('content')} label="Content" required hint={SHORTCUTS_HINT} error={errors.content}>
        <RichMarkupEditor id={fieldId('content')} value={values.content} onChange={(content) => set('content', content)} images aria={describedBy(fieldId('content'), { hint: true, error: errors.content })} />
      </EditorField>

      <fieldset className="editor-fieldset">
        <legend>Cover image</legend>
        {values.image ? (
          <div className="cover-chosen">
            <PostImage src={values.image} alt={values.imageAlt} className="cover-thumb" sizes="240px" />
            <div className="cover-actions">
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setChoosingCover(true)}>
                Change cover
              </button>
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={() => {
                  set('image', '');
                  set('imageAlt', '');
                }}
              >
                Remove cover
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setChoosingCover(true)} id={fieldId('image')}>
            Choose cover image
          </button>
        )}
        {values.image ? (
          <EditorField id={fieldId('imageAlt')} label="Cover alt text" required hint="What the picture shows, for readers who cannot see it." error={errors.imageAlt}>
            <input
              id={fieldId('imageAlt')}
              className="input"
              type="text"
              maxLength={300}
              value={values.imageAlt}
              onChange={(event) => set('imageAlt', event.target.value)}
              {...describedBy(fieldId('imageAlt'), { hint: true, error: errors.imageAlt })}
            />
          </EditorField>
        ) : null}
        <MediaLibraryDialog
          open={choosingCover}
          purpose="Use as cover"
          onChoose={(asset, alt) => {
            setChoosingCover(false);
            setValues((current) => ({ ...current, image: asset.url, imageAlt: alt }));
          }}
          onCancel={() => setChoosingCover(false)}
        />
      </fieldset>

      <div className="form-row">
        <EditorField id={fieldId('category')} label="Category" required error={errors.category} hint={categories.isSuccess && names.length === 0 ? 'Create a category in the Categories tab first.' : undefined}>
          <select id={fieldId('category')} className="input" value={values.category} onChange={(event) => set('category', event.target.value)} {...describedBy(fieldId('category'), { error: errors.category })}>
            <option value="">{categories.isPending ? 'Loading categories...' : 'Choose a category'}</option>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </EditorField>
        <EditorField
          id={fieldId('readTime')}
          label="Read Time"
          error={errors.readTime}
          hint={readTime.computed ? `${formatReadTime(readTime.minutes)}, computed from the text (200 words a minute). Type a number of minutes to override it.` : 'Your own read time. Clear the field to compute it from the text.'}
        >
          <input
            id={fieldId('readTime')}
            className="input"
            type="text"
            placeholder={formatReadTime(estimateReadTime(values.content))}
            value={values.readTime}
            onChange={(event) => set('readTime', event.target.value)}
            {...describedBy(fieldId('readTime'), { hint: true, error: errors.readTime })}
          />
        </EditorField>
      </div>

      <fieldset className="editor-fieldset">
        <legend>Publishing</legend>
        <div className="editor-radio-row" role="radiogroup" aria-label="Status">
          <label>
            <input type="radio" name="post-status" checked={!values.published} onChange={() => set('published', false)} /> Draft: hidden from the public site
          </label>
          <label>
            <input type="radio" name="post-status" checked={values.published} onChange={() => set('published', true)} /> Publish at the date below (a future date schedules it)
          </label>
        </div>
        <EditorField
          id={fieldId('datePosted')}
          label="Publish date and time"
          required
          error={errors.datePosted}
          hint={scheduled ? `Scheduled: the post appears on the blog, in the sitemap and in the RSS feed at this moment (your local time).` : 'The date shown on the post. A future moment schedules it.'}
        >
          <input
            id={fieldId('datePosted')}
            className="input"
            type="datetime-local"
            value={values.datePosted}
            onChange={(event) => set('datePosted', event.target.value)}
            {...describedBy(fieldId('datePosted'), { hint: true, error: errors.datePosted })}
          />
        </EditorField>
      </fieldset>

      <SearchFields
        idPrefix="post"
        metaTitle={values.metaTitle}
        metaDescription={values.metaDescription}
        onChange={(field, value) => set(field, value)}
        fallbackTitle={`${values.title || 'Post title'} | ${site.brandName}`}
        fallbackDescription={summarise(markupToPlainText(values.excerpt)) || 'The excerpt shows here.'}
        path={`/blog/${slug}`}
        errors={errors}
      />
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
