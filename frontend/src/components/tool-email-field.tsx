import { isValidEmail } from '@agency/shared';
import { marketingEmailNotice } from '../content/tools-copy';
import type { ToastInput } from './toast/toast-store';

export const INVALID_EMAIL_TOAST: ToastInput = {
  title: 'Invalid Email',
  description: 'Please provide a valid email address.',
  variant: 'destructive',
};

/** The shared email rule (EMAIL_PATTERN): stricter than "contains an @", so the form refuses what the tools service would. */
export function emailLooksValid(email: string): boolean {
  return isValidEmail(email.trim());
}

interface ToolEmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** A free tool's email field with its marketing-email notice: a tool run records the address as a subscriber. */
export function ToolEmailField({ id, value, onChange, disabled = false }: ToolEmailFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        Email <span className="required-mark" aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        className="input"
        type="email"
        name="email"
        autoComplete="email"
        inputMode="email"
        placeholder="you@brand.com"
        aria-required="true"
        aria-describedby={`${id}-notice`}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-notice`} className="form-notice">
        {marketingEmailNotice}
      </p>
    </div>
  );
}
