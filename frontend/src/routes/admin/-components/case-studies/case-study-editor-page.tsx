import type { SearchLabEntry } from '@agency/shared';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CaseStudyArticle } from '../../../search-lab/-components/case-study-page';
import { type EditorDocument, EditorLoader, EditorPage, useEditorSession } from '../editor/editor-page';
import type { CaseStudyInput } from '../ordered-content/ordered-content-form';
import { AdminGate } from '../shell/admin-gate';
import { CASE_STUDY_FIELD_ORDER, caseStudyEditorErrors, caseStudyEditorInput, type CaseStudyEditorValues, caseStudyEditorValues } from './case-study-editor-model';
import { caseStudyFieldId, CaseStudyForm } from './case-study-form';

const route = getRouteApi('/admin/case-studies/$entryId');

const CASE_STUDY_DOCUMENT: EditorDocument<SearchLabEntry, CaseStudyEditorValues, CaseStudyInput> = {
  noun: 'case study',
  apiPath: '/api/admin/search-lab-entries',
  cacheName: 'search-lab-entries',
  publicKey: ['search-lab-entries'],
  valuesOf: (entry) => caseStudyEditorValues(entry),
  errorsOf: (values) => caseStudyEditorErrors(values),
  fieldOrder: CASE_STUDY_FIELD_ORDER,
  fieldId: (field) => caseStudyFieldId('page', field),
  // The page has no position field: the stored one is kept (reordering in the Search Lab tab sets it).
  inputOf: (values, saved) => caseStudyEditorInput(values, saved?.displayOrder),
  waitingText: 'Draft not saved yet: it needs a title, summary and ChatGPT link.',
  savedText: (entry) => (entry.published ? 'Case study published' : 'Draft saved'),
  failedText: 'Failed to save case study',
};

/** The full case-study editor: `/admin/case-studies/new`, or an entry's id. */
export default function CaseStudyEditorPage() {
  const { entryId } = route.useParams();
  return (
    <AdminGate>
      <EditorLoader<SearchLabEntry> document={CASE_STUDY_DOCUMENT} id={entryId}>
        {(entry, onCreated) => <CaseStudyEditor entry={entry} onCreated={onCreated} />}
      </EditorLoader>
    </AdminGate>
  );
}

function CaseStudyEditor({ entry, onCreated }: { entry: SearchLabEntry | undefined; onCreated: (id: number) => void }) {
  const navigate = useNavigate();
  const session = useEditorSession(CASE_STUDY_DOCUMENT, entry, onCreated, (id) => {
    void navigate({ to: '/admin/case-studies/$entryId', params: { entryId: String(id) }, replace: true, ignoreBlocker: true });
  });
  const { values } = session.form;
  const published = session.saved?.published ?? false;
  const input = caseStudyEditorInput(values);
  return (
    <EditorPage
      session={session}
      title={entry ? 'Edit case study' : 'New case study'}
      badge={published ? { kind: 'published', label: 'Published' } : { kind: 'draft', label: 'Draft' }}
      previewHref={session.saved ? `/search-lab/${session.saved.slug}?preview=1` : null}
      submitLabel={values.published ? (published ? 'Update' : 'Publish') : 'Save draft'}
      preview={
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
      }
    >
      <CaseStudyForm place="page" form={session.form} slug={session.saved?.slug} />
    </EditorPage>
  );
}
