import type { SearchLabEntry } from '@agency/shared';
import { focusFirstInvalid } from '../editor/editor-fields';
import { useEditorForm } from '../editor/use-editor-form';
import type { CaseStudyInput } from '../ordered-content/ordered-content-form';
import { serverText, useSaveItem } from '../shared/admin-resource';
import { caseStudyResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { EntityDialog } from '../shared/entity-dialog';
import { CASE_STUDY_FIELD_ORDER, caseStudyEditorErrors, caseStudyEditorInput, caseStudyEditorValues } from './case-study-editor-model';
import { caseStudyFieldId, CaseStudyForm } from './case-study-form';

/** New Entry and Edit in the Search Lab tab: the case-study form's short version in a dialog. */
export function CaseStudyDialog({ item, onClose }: ItemDialogProps<SearchLabEntry>) {
  const form = useEditorForm(() => caseStudyEditorValues(item));
  const save = useSaveItem<CaseStudyInput>(caseStudyResource, item?.id, onClose);

  // The browser has checked the required fields and the link's form; the form's own checks cover the rest.
  const submit = () => {
    const problems = caseStudyEditorErrors(form.values);
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(CASE_STUDY_FIELD_ORDER, problems, (field) => caseStudyFieldId('dialog', field));
      return;
    }
    save.mutate(caseStudyEditorInput(form.values));
  };

  return (
    <EntityDialog
      title={item ? 'Edit Search Lab Entry' : 'Create New Search Lab Entry'}
      submitLabel={item ? 'Update' : 'Create'}
      busy={save.isPending}
      error={save.error ? serverText(save.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <CaseStudyForm place="dialog" form={form} />
    </EntityDialog>
  );
}
