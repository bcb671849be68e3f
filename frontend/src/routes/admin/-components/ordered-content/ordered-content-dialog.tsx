import { serverText, useSaveItem, type AdminResource } from '../shared/admin-resource';
import { EntityDialog } from '../shared/entity-dialog';
import { Field, hintId, PublishedSwitch, useFormValues } from '../shared/form-fields';

/** The shared shape of a search lab entry and a video form: title, text, link, order, published. */
export interface OrderedContentFields {
  title: string;
  text: string;
  link: string;
  order: string;
  published: boolean;
}

export interface OrderedContentDialogProps<TInput> {
  formId: string;
  heading: string;
  submitLabel: string;
  resource: AdminResource;
  itemId: number | undefined;
  initial: OrderedContentFields;
  labels: { text: string; link: string; linkPlaceholder: string; order: string; orderHint: string };
  orderMin: number;
  toInput: (fields: OrderedContentFields) => TInput;
  onClose: () => void;
}

/** The dialog behind both 'New Entry' (search lab) and 'New Video'. */
export function OrderedContentDialog<TInput>(props: OrderedContentDialogProps<TInput>) {
  const { formId, heading, submitLabel, resource, itemId, initial, labels, orderMin, toInput, onClose } = props;
  const { values, set, text, fieldId } = useFormValues(formId, initial);
  const save = useSaveItem<TInput>(resource, itemId, onClose);
  return (
    <EntityDialog
      title={heading}
      submitLabel={submitLabel}
      busy={save.isPending}
      error={save.error ? serverText(save.error) : null}
      onSubmit={() => save.mutate(toInput(values))}
      onClose={onClose}
    >
      <Field id={fieldId('title')} label="Title" required>
        <input className="input" type="text" required {...text('title')} />
      </Field>
      <Field id={fieldId('text')} label={labels.text} required>
        <textarea className="textarea admin-textarea-short" required {...text('text')} />
      </Field>
      <Field id={fieldId('link')} label={labels.link} required>
        <input className="input" type="url" required placeholder={labels.linkPlaceholder} {...text('link')} />
      </Field>
      <Field id={fieldId('order')} label={labels.order} required hint={labels.orderHint}>
        <input
          className="input admin-input-number"
          type="number"
          inputMode="numeric"
          min={orderMin}
          step={1}
          required
          aria-describedby={hintId(fieldId('order'))}
          {...text('order')}
        />
      </Field>
      <PublishedSwitch id={fieldId('published')} checked={values.published} onChange={(published) => set('published', published)} />
    </EntityDialog>
  );
}
