import type { Category } from '@agency/shared';
import { serverText, useSaveItem } from '../shared/admin-resource';
import { categoryResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { EntityDialog } from '../shared/entity-dialog';
import { Field, useFormValues } from '../shared/form-fields';

/** The body of POST and PUT /api/admin/categories; an empty description is left out. */
export interface CategoryInput {
  name: string;
  description?: string;
}

export function categoryInput(values: { name: string; description: string }): CategoryInput {
  const description = values.description.trim();
  return { name: values.name.trim(), ...(description ? { description } : {}) };
}

export function CategoryDialog({ item, onClose }: ItemDialogProps<Category>) {
  const { values, text, fieldId } = useFormValues('category', { name: item?.name ?? '', description: item?.description ?? '' });
  const save = useSaveItem<CategoryInput>(categoryResource, item?.id, onClose);
  return (
    <EntityDialog
      title={item ? 'Edit Category' : 'Create New Category'}
      submitLabel={item ? 'Update' : 'Create'}
      busy={save.isPending}
      error={save.error ? serverText(save.error) : null}
      onSubmit={() => save.mutate(categoryInput(values))}
      onClose={onClose}
    >
      <Field id={fieldId('name')} label="Name" required>
        <input className="input" type="text" required {...text('name')} />
      </Field>
      <Field id={fieldId('description')} label="Description">
        <textarea className="textarea admin-textarea-short" {...text('description')} />
      </Field>
    </EntityDialog>
  );
}
