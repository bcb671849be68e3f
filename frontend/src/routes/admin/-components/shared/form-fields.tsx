import { Switch } from 'radix-ui';
import { useState, type ChangeEvent, type ReactNode } from 'react';

export const hintId = (id: string): string => `${id}-hint`;

/** A labelled control with an optional hint that the control points to (aria-describedby). */
export function Field({ id, label, required, hint, children }: { id: string; label: string; required?: boolean; hint?: string; children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={hintId(id)} className="form-notice">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

type TextValues<T> = { [K in keyof T]: string | boolean };
type StringKey<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

/** A dialog's form state: `text(name)` gives an input or textarea its id, value and change handler. */
export function useFormValues<T extends TextValues<T>>(formId: string, initial: T) {
  const [values, setValues] = useState<T>(initial);
  const set = <K extends keyof T>(name: K, value: T[K]) => setValues((current) => ({ ...current, [name]: value }));
  const text = (name: StringKey<T>) => ({
    id: `${formId}-${name}`,
    name,
    value: values[name] as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.target.value as T[typeof name]),
  });
  return { values, set, text, fieldId: (name: keyof T & string) => `${formId}-${name}` };
}

/** The Published / Draft switch of the admin forms (Radix Switch: a labelled role="switch" button). */
export function PublishedSwitch({ id, checked, onChange }: { id: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <div className="admin-switch-row">
      <Switch.Root id={id} className="admin-switch" checked={checked} onCheckedChange={onChange}>
        <Switch.Thumb className="admin-switch-thumb" />
      </Switch.Root>
      <label htmlFor={id}>Published</label>
      <span className="form-notice">{checked ? 'Visible on the public site' : 'Draft: hidden from the public site'}</span>
    </div>
  );
}

/** A dialog's failed request, announced to screen readers. */
export function RequestError({ message }: { message: string | null }) {
  return message ? (
    <p className="admin-form-error" role="alert">
      {message}
    </p>
  ) : null;
}
