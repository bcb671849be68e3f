import type { SearchLabEntry } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { CaseStudyArticle } from '../../../search-lab/-components/case-study-page';
import { focusFirstInvalid } from '../editor/editor-fields';
import { EditorLayout, LeaveGuard, type SaveStatus, SaveStatusText, useAutosave } from '../editor/editor-shell';
import { useEditorForm } from '../editor/use-editor-form';
import { serverText } from '../shared/admin-resource';
import { AdminGate } from '../shell/admin-gate';
import { CASE_STUDY_FIELD_ORDER, type CaseStudyField, caseStudyEditorErrors, caseStudyEditorInput, caseStudyEditorValues } from './case-study-editor-model';
import { caseStudyFieldId, CaseStudyForm } from './case-study-form';

const route = getRouteApi('/admin/case-studies/$entryId');
const fieldId = (field: CaseStudyField) => caseStudyFieldId('page', field);

const adminCaseStudyQuery = (id: string) => ({
  queryKey: [ADMIN_QUERY_ROOT, 'search-lab-entries', 'one', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<SearchLabEntry>(`/api/admin/search-lab-entries/${encodeURIComponent(id)}`, signal),
  staleTime: Infinity,
});

export default function CaseStudyEditorPage() {
  return (
    <AdminGate>
      <CaseStudyEditorLoader />
    </AdminGate>
  );
}

function CaseStudyEditorLoader() {
  const { entryId } = route.useParams();
  const createdHere = useRef<string | null>(null);
  const isNew = entryId === 'new';
  const existing = useQuery({ ...adminCaseStudyQuery(entryId), enabled: !isNew });
  if (!isNew && existing.isPending) return <p className="container editor-loading">Loading case study...</p>;
  if (!isNew && existing.isError) {
    return (
      <div className="container editor-loading">
        <h1>Case study not found</h1>
        <p>{serverText(existing.error)}</p>
        <Link to="/admin">Back to Content Management</Link>
      </div>
    );
  }
  return (
    <CaseStudyEditor
      key={isNew || entryId === createdHere.current ? 'created-here' : entryId}
      entry={isNew ? undefined : existing.data}
      onCreated={(id) => {
        createdHere.current = String(id);
      }}
    />
  );
}

function CaseStudyEditor({ entry, onCreated }: { entry: SearchLabEntry | undefined; onCreated: (id: number) => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const editor = useEditorForm(() => caseStudyEditorValues(entry));
  const { values, setErrors } = editor;
  const [saved, setSaved] = useState<SearchLabEntry | undefined>(entry);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(caseStudyEditorValues(entry)));
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  const snapshot = JSON.stringify(values);
  const dirty = snapshot !== savedSnapshot;

  const save = async (explicit: boolean): Promise<void> => {
    const problems = caseStudyEditorErrors(values);
    if (Object.keys(problems).length > 0) {
      if (explicit) {
        setErrors(problems);
        focusFirstInvalid(CASE_STUDY_FIELD_ORDER, problems, fieldId);
        setStatus({ kind: 'failed', message: 'check the fields marked below.' });
      } else {
        setStatus({ kind: 'waiting', message: 'Draft not saved yet: it needs a title, summary and ChatGPT link.' });
      }
      return;
    }
    const sentSnapshot = snapshot;
    setStatus({ kind: 'saving' });
    try {
      const input = caseStudyEditorInput(values, saved?.displayOrder);
      const result = saved
        ? await adminSend<SearchLabEntry>('PUT', `/api/admin/search-lab-entries/${saved.id}`, input)
        : await adminSend<SearchLabEntry>('POST', '/api/admin/search-lab-entries', input);
      setSaved(result);
      setSavedSnapshot(sentSnapshot);
      setStatus({ kind: 'saved', at: new Date() });
      queryClient.setQueryData(adminCaseStudyQuery(String(result.id)).queryKey, result);
      // Every page of the admin list, whatever its parameters; not the editor's own read ('one').
      void queryClient.invalidateQueries({ queryKey: [ADMIN_QUERY_ROOT, 'search-lab-entries'], predicate: (query) => query.queryKey[2] !== 'one' });
      void queryClient.invalidateQueries({ queryKey: ['search-lab-entries'] });
      if (!saved) {
        onCreated(result.id);
        void navigate({ to: '/admin/case-studies/$entryId', params: { entryId: String(result.id) }, replace: true, ignoreBlocker: true });
      }
      if (explicit) toast({ title: 'Success', description: result.published ? 'Case study published' : 'Draft saved' });
    } catch (error) {
      setStatus({ kind: 'failed', message: serverText(error) });
      if (explicit) toast({ title: 'Error', description: `Failed to save case study: ${serverText(error)}`, variant: 'destructive' });
    }
  };

  useAutosave(snapshot, dirty && !values.published && !saved?.published, () => save(false));

  const form = (
    <form
      id="case-study-editor-form"
      className="form editor-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(true);
      }}
    >
      <CaseStudyForm place="page" form={editor} slug={saved?.slug} />
    </form>
  );

  const heading = (
    <div className="editor-heading">
      <Link to="/admin" className="back-link">
        Back to Content Management
      </Link>
      <h1 className="editor-title">{entry ? 'Edit case study' : 'New case study'}</h1>
      <p className="editor-state">
        <span className={`badge badge-${saved?.published ? 'published' : 'draft'}`}>{saved?.published ? 'Published' : 'Draft'}</span>
      </p>
      <SaveStatusText status={status} dirty={dirty} />
    </div>
  );
  const actions = (
    <>
      {saved ? (
        <a className="btn btn-secondary btn-small" href={`/search-lab/${saved.slug}?preview=1`} target="_blank" rel="noopener">
          Preview<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      ) : null}
      <button type="submit" form="case-study-editor-form" className="btn btn-primary btn-small" aria-disabled={status.kind === 'saving'}>
        {values.published ? (saved?.published ? 'Update' : 'Publish') : 'Save draft'}
      </button>
    </>
  );
  const input = caseStudyEditorInput(values);
  const preview = (
    <CaseStudyArticle
      entry={{
        title: input.title || 'Case study title',
        summary: input.summary,
        chatgptLink: input.chatgptLink,
        challenge: input.challenge ?? null,
        whatChanged: input.whatChanged ?? null,
        result: input.result ?? null,
        caseDate: input.caseDate ?? null,
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
