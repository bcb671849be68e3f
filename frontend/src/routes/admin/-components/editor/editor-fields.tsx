import type { ReactNode } from 'react';
import { hintId } from '../shared/form-fields';

export const errorId = (id: string): string => `${id}-error`;

/**
 * A labelled control of the full editor, with an optional hint and the field's problem under it
 * (the site's one form pattern: the button stays enabled, the message is plain English, and the
 * first invalid field gets the focus). The control gets `aria-describedby` and `aria-invalid` from describedBy().
 */
export function EditorField({ id, label, required, hint, error, counter, children }: { id: string; label: string; required?: boolean; hint?: ReactNode; error?: string; counter?: ReactNode; children: ReactNode }) {
  return (
    <div className={`field editor-field${error ? ' field-invalid' : ''}`}>
      <div className="editor-label-row">
        <label htmlFor={id}>
          {label}
          {required ? (
            <span className="required-mark" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </label>
        {counter}
      </div>
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

/** "42 / 60": turns to a warning past the limit, and says so to screen readers. */
export function LengthCounter({ id, length, limit }: { id: string; length: number; limit: number }) {
  const over = length > limit;
  return (
    <span id={`${id}-count`} className={`length-counter${over ? ' length-over' : ''}`} aria-live="polite">
      {length} / {limit}
      {over ? <span className="visually-hidden"> characters: too long</span> : <span className="visually-hidden"> characters</span>}
    </span>
  );
}

/** Focuses the first field of `order` that has a problem. */
export function focusFirstInvalid<F extends string>(order: readonly F[], errors: Partial<Record<F, string>>, idOf: (field: F) => string): void {
  const first = order.find((field) => errors[field]);
  if (first) document.getElementById(idOf(first))?.focus();
}
