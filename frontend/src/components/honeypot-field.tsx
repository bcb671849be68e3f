import { HONEYPOT_FIELD } from '@agency/shared';

/**
 * A field people never see or reach (hidden from screen readers and the tab order) that
 * form-filling robots fill in; the service refuses a post with it filled (docs/security.md, "Forms").
 */
export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor={`${HONEYPOT_FIELD}-field`}>Leave this field empty</label>
      <input id={`${HONEYPOT_FIELD}-field`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

/** What the form's hidden field holds at submit: empty for a person. */
export function honeypotValue(form: HTMLFormElement): string {
  const value = new FormData(form).get(HONEYPOT_FIELD);
  return typeof value === 'string' ? value : '';
}
