import { Switch } from 'radix-ui';
import { useState, type ChangeEvent, type ReactNode } from 'react';

export const hintId = (id: string): string => `${id}-hint`;
export const errorId = (id: string): string => `${id}-error`;

/**
 * A labelled control of the admin's forms, with an optional length counter beside the label, a
 * hint, and the field's problem under it (the site's one form pattern: the button stays enabled,
 * the message is plain English, and the first invalid field gets the focus). The control gets
 * `aria-describedby` and `aria-invalid` from describedBy().
 */
export function Field({ id, label, required, hint, error, counter, children }: { id: string; label: string; required?: boolean; hint?: ReactNode; error?: string; counter?: ReactNode; children: ReactNode }) {
  const labelElement = (
    <label htmlFor={id}>
      {label}
      {required ? (
        <span className="required-mark" aria-hidden="true">
          {' '}
          *
        </span>
      ) : null}
    </label>
  );
  return (
    <div className={`field admin-field${error ? ' field-invalid' : ''}`}>
      {counter ? (
        <div className="admin-label-row">
          {labelElement}
          {counter}
        </div>
      ) : (
        labelElement
      )}
      {children}
      {hint ? (
        <p id={hintId(id)} className="form-notice">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId(id)} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The ARIA attributes of a control whose field has this hint and problem. */
export function describedBy(id: string, { hint, error }: { hint?: boolean; error?: string }) {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean).join(' ');
  return { 'aria-describedby': ids || undefined, 'aria-invalid': error ? true : undefined };
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
