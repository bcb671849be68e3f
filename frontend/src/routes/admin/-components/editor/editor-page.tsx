import { type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Fragment, type ReactNode, useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { serverText } from '../shared/admin-resource';
import { focusFirstInvalid } from './editor-fields';
import { EditorLayout, LeaveGuard, type SaveStatus, SaveStatusText, useAutosave } from './editor-shell';
import { type EditorForm, type FieldErrors, useEditorForm } from './use-editor-form';

interface Saved {
  id: number;
  slug: string;
  published: boolean;
}

/** What the full editor needs to know of one content type (posts, case studies). */
export interface EditorDocument<T extends Saved, V extends { published: boolean }, I> {
  /** 'post', 'case study': in the loading and not-found texts. */
  noun: string;
  /** The admin API of the type: POST to it, PUT and GET `{path}/{id}`. */
  apiPath: string;
  /** The admin list's name in the query cache ('blog-posts'): its pages are refreshed after a save. */
  cacheName: string;
  /** The public reads a save changes. */
  publicKey: QueryKey;
  valuesOf: (item: T | undefined) => V;
  errorsOf: (values: V) => FieldErrors<keyof V & string>;
  /** The order fields appear in, so the first invalid one gets the focus. */
  fieldOrder: readonly (keyof V & string)[];
  fieldId: (field: keyof V & string) => string;
  inputOf: (values: V, saved: T | undefined) => I;
  /** Shown while an autosave waits for the required fields. */
  waitingText: string;
  /** The success toast of the save button. */
  savedText: (result: T) => string;
  /** The failure toast of the save button, before the server's reason: 'Failed to save blog post'. */
  failedText: string;
}

/** One item of the type by id, for the editor (its own cache entry, 'one', apart from the list pages). */
export function adminItemQuery<T>(document: Pick<EditorDocument<Saved, { published: boolean }, unknown>, 'apiPath' | 'cacheName'>, id: string) {
  return {
    queryKey: [ADMIN_QUERY_ROOT, document.cacheName, 'one', id],
    queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<T>(`${document.apiPath}/${encodeURIComponent(id)}`, signal),
    staleTime: Infinity,
  };
}

interface EditorLoaderProps<T extends Saved> {
  document: Pick<EditorDocument<T, { published: boolean }, unknown>, 'noun' | 'apiPath' | 'cacheName'>;
  /** The address's id, or 'new'. */
  id: string;
  children: (item: T | undefined, onCreated: (id: number) => void) => ReactNode;
}

/**
 * Reads the item the address names ('new' starts an empty one) and keeps one editor for it. When
 * a new item is first saved the address changes to its id, and the editor stays as it is.
 */
export function EditorLoader<T extends Saved>({ document, id, children }: EditorLoaderProps<T>) {
  // The id this editor gave a new item on its first save.
  const createdHere = useRef<string | null>(null);
  const isNew = id === 'new';
  const existing = useQuery({ ...adminItemQuery<T>(document, id), enabled: !isNew });
  if (!isNew && existing.isPending) return <p className="container editor-loading">Loading {document.noun}...</p>;
  if (!isNew && existing.isError) {
    return (
      <div className="container editor-loading">
        <h1>{`${document.noun[0]!.toUpperCase()}${document.noun.slice(1)} not found`}</h1>
        <p>{serverText(existing.error)}</p>
        <Link to="/admin">Back to Content Management</Link>
      </div>
    );
  }
  return (
    <Fragment key={isNew || id === createdHere.current ? 'created-here' : id}>
      {children(isNew ? undefined : existing.data, (created) => {
        createdHere.current = String(created);
      })}
    </Fragment>
  );
}

export interface EditorSession<T extends Saved, V extends object> {
  form: EditorForm<V>;
  /** The item as the server last answered it; undefined until a new one is first saved. */
  saved: T | undefined;
  status: SaveStatus;
  dirty: boolean;
  /** Sends the form; `explicit` is the button (shows problems and toasts), otherwise an autosave. */
  save: (explicit: boolean) => Promise<void>;
}

/**
 * The full editor's state and saving, the same for every content type: problems under their
 * fields, one save at a time, drafts saved a moment after typing stops (a published item changes
 * only when the button is pressed), the lists refreshed, and a new item's address once it has one.
 */
export function useEditorSession<T extends Saved, V extends { published: boolean }, I>(
  document: EditorDocument<T, V, I>,
  item: T | undefined,
  onCreated: (id: number) => void,
  /** Moves the address to a new item's id (replacing 'new'). */
  showCreated: (id: number) => void,
): EditorSession<T, V> {
  const queryClient = useQueryClient();
  const form = useEditorForm(() => document.valuesOf(item));
  const [saved, setSaved] = useState<T | undefined>(item);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(document.valuesOf(item)));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });
  const saving = useRef<Promise<void> | null>(null);
  const snapshot = JSON.stringify(form.values);
  const dirty = snapshot !== savedSnapshot;

  const save = async (explicit: boolean): Promise<void> => {
    if (saving.current) await saving.current;
    const problems = document.errorsOf(form.values);
    if (Object.keys(problems).length > 0) {
      if (explicit) {
        form.setErrors(problems);
        focusFirstInvalid(document.fieldOrder, problems, document.fieldId);
        setStatus({ kind: 'failed', message: 'check the fields marked below.' });
      } else {
        setStatus({ kind: 'waiting', message: document.waitingText });
      }
      return;
    }
    const sentSnapshot = snapshot;
    const input = document.inputOf(form.values, saved);
    setStatus({ kind: 'saving' });
    const run = (async () => {
      try {
        const result = saved ? await adminSend<T>('PUT', `${document.apiPath}/${saved.id}`, input) : await adminSend<T>('POST', document.apiPath, input);
        setSaved(result);
        setSavedSnapshot(sentSnapshot);
        setStatus({ kind: 'saved', at: new Date() });
        queryClient.setQueryData(adminItemQuery<T>(document, String(result.id)).queryKey, result);
        // Every page of the admin list, whatever its parameters; not the editor's own read ('one').
        void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, document.cacheName], predicate: (query) => query.queryKey[2] !== 'one' });
        void queryClient.invalidateQueries({ queryKey: document.publicKey });
        if (!saved) {
          onCreated(result.id);
          showCreated(result.id);
        }
        if (explicit) toast({ title: 'Success', description: document.savedText(result) });
      } catch (error) {
        setStatus({ kind: 'failed', message: serverText(error) });
        if (explicit) toast({ title: 'Error', description: `${document.failedText}: ${serverText(error)}`, variant: 'destructive' });
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
  };

  // Drafts save themselves; a live or scheduled item changes only when the button is pressed.
  useAutosave(snapshot, dirty && !form.values.published && !saved?.published, () => save(false));
  return { form, saved, status, dirty, save };
}

interface EditorPageProps {
  session: Pick<EditorSession<Saved, object>, 'status' | 'dirty' | 'save'>;
  /** 'New post', 'Edit case study'. */
  title: string;
  /** The saved state's badge: its class suffix and its words. */
  badge: { kind: string; label: string };
  /** The public page's draft preview, once the item is saved. */
  previewHref: string | null;
  submitLabel: string;
  /** The form's fields. */
  children: ReactNode;
  /** The live preview, drawn by the public page's own component. */
  preview: ReactNode;
}

/** The full editor's page: the bar with its heading, state, save status and buttons; the form; the live preview; the leave guard. */
export function EditorPage({ session, title, badge, previewHref, submitLabel, children, preview }: EditorPageProps) {
  const formId = 'editor-form';
  const heading = (
    <div className="editor-heading">
      <Link to="/admin" className="back-link">
        Back to Content Management
      </Link>
      <h1 className="editor-title">{title}</h1>
      <p className="editor-state">
        <span className={`badge badge-${badge.kind}`}>{badge.label}</span>
      </p>
      <SaveStatusText status={session.status} dirty={session.dirty} />
    </div>
  );
  const actions = (
    <>
      {previewHref ? (
        <a className="btn btn-secondary btn-small" href={previewHref} target="_blank" rel="noopener">
          Preview<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      <button type="submit" form={formId} className="btn btn-primary btn-small" aria-disabled={session.status.kind === 'saving'}>
        {submitLabel}
      </button>
    </>
  );
  const form = (
    <form
      id={formId}
      className="form editor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void session.save(true);
      }}
    >
      {children}
    </form>
  );
  return (
    <>
      <EditorLayout heading={heading} actions={actions} form={form} preview={preview} />
      <LeaveGuard dirty={session.dirty} />
    </>
  );
}
