import { ApiError } from '../api/api-client';

/**
 * The site's one form pattern (docs/architecture.md, "Forms"): the submit button stays enabled;
 * on submit each problem is written in plain English under its field (linked with
 * aria-describedby and aria-invalid) and focus moves to the first field with one; the toasts the
 * forms have always shown still appear. A field's message goes once it is edited.
 */
export type FieldErrors<Field extends string> = Partial<Record<Field, string>>;

export const FIELD_MESSAGES = {
  nameMissing: 'Please enter your name.',
  emailMissing: 'Please enter your email address.',
  emailInvalid: 'Please enter an email address like name@example.com.',
  messageMissing: 'Please write your message.',
  passwordMissing: 'Please enter the password.',
} as const;

/** The same shape the services accept: something@something.something, no spaces. */
export function emailProblem(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return FIELD_MESSAGES.emailMissing;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return FIELD_MESSAGES.emailInvalid;
  return undefined;
}

/** Focus on the first field, in form order, that has a message. */
export function focusFirstInvalid<Field extends string>(form: HTMLFormElement, order: readonly Field[], errors: FieldErrors<Field>): void {
  const first = order.find((field) => errors[field]);
  if (!first) return;
  const element = form.elements.namedItem(first);
  if (element instanceof HTMLElement) element.focus();
}

/**
 * A service's 400 about one field, in the site's words for that field: the services word their
 * checks for developers ("email must be a valid email address"). Undefined when it names none.
 */
export function fieldOfServerError<Field extends string>(error: unknown, fields: readonly Field[]): { field: Field; message: string } | undefined {
  if (!(error instanceof ApiError) || error.status !== 400 || !error.serverMessage) return undefined;
  const field = fields.find((name) => new RegExp(`^${name}\\b`, 'i').test(error.serverMessage!.trim()));
  if (!field) return undefined;
  const message = field === 'email' ? FIELD_MESSAGES.emailInvalid : `Please check this field: ${error.serverMessage}`;
  return { field, message };
}

/** Props that tie a field to its message under it. */
export function describedBy(id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } {
  return error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
}
