import { VIDEO_DISPLAY_ORDER_DEFAULT, VIDEO_DISPLAY_ORDER_HINT, VIDEO_DISPLAY_ORDER_MIN, type YoutubeVideo } from '@agency/shared';
import { videoDisplayOrder, type YoutubeVideoInput } from '../ordered-content/ordered-content-form';
import { serverText, useSaveItem } from '../shared/admin-resource';
import { youtubeVideoResource } from '../shared/content-resources';
import type { ItemDialogProps } from '../shared/crud-panel';
import { EntityDialog } from '../shared/entity-dialog';
import { Field, hintId, PublishedSwitch, useFormValues } from '../shared/form-fields';

/** New Video and Edit in the YouTube Videos tab. */
export function VideoDialog({ item, onClose }: ItemDialogProps<YoutubeVideo>) {
  const { values, set, text, fieldId } = useFormValues('video', {
    title: item?.title ?? '',
    description: item?.description ?? '',
    youtubeUrl: item?.youtubeUrl ?? '',
    displayOrder: String(item?.displayOrder ?? VIDEO_DISPLAY_ORDER_DEFAULT),
    published: item?.published ?? false,
  });
  const save = useSaveItem<YoutubeVideoInput>(youtubeVideoResource, item?.id, onClose);
  const submit = () =>
    save.mutate({
      title: values.title.trim(),
      description: values.description.trim(),
      youtubeUrl: values.youtubeUrl.trim(),
      published: values.published,
      displayOrder: videoDisplayOrder(values.displayOrder),
    });
  return (
    <EntityDialog
      title={item ? 'Edit YouTube Video' : 'Add New YouTube Video'}
      submitLabel={item ? 'Update Video' : 'Create Video'}
      busy={save.isPending}
      error={save.error ? serverText(save.error) : null}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field id={fieldId('title')} label="Title" required>
        <input className="input" type="text" required {...text('title')} />
      </Field>
      <Field id={fieldId('description')} label="Description" required>
        <textarea className="textarea admin-textarea-short" required {...text('description')} />
      </Field>
      <Field id={fieldId('youtubeUrl')} label="YouTube URL" required>
        <input className="input" type="url" required placeholder="https://www.youtube.com/watch?v=…" {...text('youtubeUrl')} />
      </Field>
      <Field id={fieldId('displayOrder')} label="Display Order" required hint={VIDEO_DISPLAY_ORDER_HINT}>
        <input
          className="input admin-input-number"
          type="number"
          inputMode="numeric"
          min={VIDEO_DISPLAY_ORDER_MIN}
          step={1}
          required
          aria-describedby={hintId(fieldId('displayOrder'))}
          {...text('displayOrder')}
        />
      </Field>
      <PublishedSwitch id={fieldId('published')} checked={values.published} onChange={(published) => set('published', published)} />
    </EntityDialog>
  );
}
