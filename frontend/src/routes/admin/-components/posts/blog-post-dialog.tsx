import type { BlogPost } from '@agency/shared';
import { focusFirstInvalid } from '../editor/editor-fields';
import { useEditorForm } from '../editor/use-editor-form';
import { serverText, useSaveItem } from '../shared/admin-resource';
import { blogPostResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { EntityDialog } from '../shared/entity-dialog';
import { type BlogPostInput, POST_FIELD_ORDER, postEditorErrors, postEditorInput, postEditorValues } from './post-editor-model';
import { postFieldId, PostForm } from './post-form';

/** New Post and Edit in the Blog Posts tab: the post form's short version in a dialog. */
export function BlogPostDialog({ item, onClose }: ItemDialogProps<BlogPost>) {
  const form = useEditorForm(() => postEditorValues(item));
  const save = useSaveItem<BlogPostInput>(blogPostResource, item?.id, onClose);

  // The browser has checked the required fields; the form's own checks cover the rest.
  const submit = () => {
    const problems = postEditorErrors(form.values, 'dialog');
    form.setErrors(problems);
    if (Object.keys(problems).length > 0) {
      focusFirstInvalid(POST_FIELD_ORDER, problems, (field) => postFieldId('dialog', field));
      return;
    }
    save.mutate(postEditorInput(form.values));
  };

  return (
    <EntityDialog
      title={item ? 'Edit Blog Post' : 'Create New Blog Post'}
      submitLabel={item ? 'Update' : 'Create'}
      busy={save.isPending}
      error={save.error ? serverText(save.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <PostForm place="dialog" form={form} />
    </EntityDialog>
  );
}
