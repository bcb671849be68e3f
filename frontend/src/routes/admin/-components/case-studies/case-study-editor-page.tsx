import type { SearchLabEntry } from '@agency/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { ADMIN_QUERY_ROOT } from '../../../../api/admin-queries';
import { adminGet, adminSend } from '../../../../api/admin-session';
import { toast } from '../../../../components/toast/toast-store';
import { useSiteConfig } from '../../../../config/use-site-config';
import { summarise } from '../../../../format/summarise';
import { CaseStudyArticle } from '../../../search-lab/-components/case-study-page';
import { serverText } from '../shared/admin-resource';
import { AdminGate } from '../shell/admin-gate';
import {
  CASE_STUDY_FIELD_ORDER,
  type CaseStudyEditorValues,
  type CaseStudyField,
  caseStudyEditorErrors,
  caseStudyEditorInput,
  caseStudyEditorValues,
} from './case-study-editor-model';
import { describedBy, EditorField, focusFirstInvalid } from '../editor/editor-fields';
import { EditorLayout, LeaveGuard, type SaveStatus, SaveStatusText, useAutosave } from '../editor/editor-shell';
import type { FieldErrors } from '../posts/post-editor-model';
import { RichMarkupEditor } from '../editor/rich-markup-editor';
import { SearchFields } from '../editor/search-fields';

const route = getRouteApi('/admin/case-studies/$entryId');
const fieldId = (field: CaseStudyField) => `case-${field}`;

const adminCaseStudyQuery = (id: string) => ({
  queryKey: [ADMIN_QUERY_ROOT, 'search-lab-entries', 'one', id],
  queryFn: ({ signal }: { signal: AbortSignal }) => adminGet<SearchLabEntry>(`/api/admin/search-lab-entries/${encodeURIComponent(id)}`, signal),
  staleTime: Infinity,
});

/** The optional sections, each shown on the public page only when filled. */
const SECTIONS: { field: 'challenge' | 'whatChanged' | 'result'; label: string; hint: string }[] = [
  { field: 'challenge', label: 'The challenge', hint: 'What the client faced before the work.' },
  { field: 'whatChanged', label: 'What changed', hint: 'What was done, in the order it happened.' },
  { field: 'result', label: 'The result', hint: 'The outcome with its figures, such as “cited in 7 of 10 answers, up from 0”.' },
];

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
  const site = useSiteConfig();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<CaseStudyEditorValues>(() => caseStudyEditorValues(entry));
  const [saved, setSaved] = useState<SearchLabEntry | undefined>(entry);
  const [savedSnapshot, setSavedSnapshot] = useState(() => JSON.stringify(caseStudyEditorValues(entry)));
  const [errors, setErrors] = useState<FieldErrors<CaseStudyField>>({});
  const [status, setStatus] = useState<SaveStatus>({ kind: 'idle' });

  const snapshot = JSON.stringify(values);
  const dirty = snapshot !== savedSnapshot;
  const set = <K extends CaseStudyField>(field: K, value: CaseStudyEditorValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };

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

  const slug = saved?.slug ?? 'new-case-study';
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
      <EditorField id={fieldId('title')} label="Title" required error={errors.title}>
        <input id={fieldId('title')} className="input editor-title-input" type="text" value={values.title} onChange={(event) => set('title', event.target.value)} {...describedBy(fieldId('title'), { error: errors.title })} />
      </EditorField>
      <EditorField id={fieldId('summary')} label="Summary" required hint="The overview at the top of the page and on the Search Lab list." error={errors.summary}>
        <textarea id={fieldId('summary')} className="textarea" rows={5} value={values.summary} onChange={(event) => set('summary', event.target.value)} {...describedBy(fieldId('summary'), { hint: true, error: errors.summary })} />
      </EditorField>
      <div className="form-row">
        <EditorField id={fieldId('chatgptLink')} label="ChatGPT Link" required error={errors.chatgptLink}>
          <input
            id={fieldId('chatgptLink')}
            className="input"
            type="url"
            placeholder="https://chatgpt.com/share/…"
            value={values.chatgptLink}
            onChange={(event) => set('chatgptLink', event.target.value)}
            {...describedBy(fieldId('chatgptLink'), { error: errors.chatgptLink })}
          />
        </EditorField>
        <EditorField id={fieldId('caseDate')} label="Date of the work" hint="Optional; shown under the title." error={errors.caseDate}>
          <input id={fieldId('caseDate')} className="input" type="date" value={values.caseDate} onChange={(event) => set('caseDate', event.target.value)} {...describedBy(fieldId('caseDate'), { hint: true, error: errors.caseDate })} />
        </EditorField>
      </div>
      <fieldset className="editor-fieldset">
        <legend>Sections (optional)</legend>
        <p className="form-notice">Each section appears on the page only when it has text.</p>
        {SECTIONS.map(({ field, label, hint }) => (
          <EditorField key={field} id={fieldId(field)} label={label} hint={hint} error={errors[field]}>
            <RichMarkupEditor id={fieldId(field)} value={values[field]} onChange={(text) => set(field, text)} rows={5} aria={describedBy(fieldId(field), { hint: true, error: errors[field] })} />
          </EditorField>
        ))}
      </fieldset>
      <fieldset className="editor-fieldset">
        <legend>Publishing</legend>
        <div className="editor-radio-row" role="radiogroup" aria-label="Status">
          <label>
            <input type="radio" name="case-status" checked={!values.published} onChange={() => set('published', false)} /> Draft: hidden from the public site
          </label>
          <label>
            <input type="radio" name="case-status" checked={values.published} onChange={() => set('published', true)} /> Published
          </label>
        </div>
      </fieldset>
      <SearchFields
        idPrefix="case"
        metaTitle={values.metaTitle}
        metaDescription={values.metaDescription}
        onChange={(field, value) => set(field, value)}
        fallbackTitle={`${values.title || 'Case study title'} | LLM Search Lab | ${site.brandName}`}
        fallbackDescription={summarise(values.summary) || 'The summary shows here.'}
        path={`/search-lab/${slug}`}
        errors={errors}
      />
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
