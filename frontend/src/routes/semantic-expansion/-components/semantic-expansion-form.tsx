import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import type { SemanticExpansionRequest } from '../../../api/semantic-expansion-request';
import { emailLooksValid, INVALID_EMAIL_TOAST, ToolEmailField } from '../../../components/tool-email-field';
import { toast, type ToastInput } from '../../../components/toast/toast-store';

const MISSING_INFORMATION_TOAST: ToastInput = {
  title: 'Missing Information',
  description: 'Please provide a keyword, website URL, and email address.',
  variant: 'destructive',
};

/** Keyword, website and email are all required; the email must be an address. */
export function semanticExpansionFormProblem(fields: SemanticExpansionRequest): ToastInput | undefined {
  if (!fields.keyword.trim() || !fields.website.trim() || !fields.email.trim()) return MISSING_INFORMATION_TOAST;
  if (!emailLooksValid(fields.email)) return INVALID_EMAIL_TOAST;
  return undefined;
}

interface SemanticExpansionFormProps {
  running: boolean;
  onSubmit: (request: SemanticExpansionRequest) => void;
}

export function SemanticExpansionForm({ running, onSubmit }: SemanticExpansionFormProps) {
  const [fields, setFields] = useState<SemanticExpansionRequest>({ keyword: '', website: '', email: '' });
  const set = (name: keyof SemanticExpansionRequest) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = semanticExpansionFormProblem(fields);
    if (problem) {
      toast(problem);
      return;
    }
    // The service accepts 'example.com' and adds https:// itself, so the address goes as typed.
    onSubmit({ keyword: fields.keyword.trim(), website: fields.website.trim(), email: fields.email.trim() });
  };

  return (
    <form className="card form tool-form" onSubmit={submit} noValidate aria-labelledby="semantic-expansion-form-title">
      <h2 id="semantic-expansion-form-title" className="h3-size">
        Expand a keyword
      </h2>
      <RequiredTextField
        id="semantic-expansion-keyword"
        label="Keyword"
        name="keyword"
        type="text"
        placeholder="e.g. vegan protein powder"
        value={fields.keyword}
        disabled={running}
        onValue={set('keyword')}
      />
      <RequiredTextField
        id="semantic-expansion-website"
        label="Website"
        hint="Your public website address; https:// is added if you leave it out."
        name="website"
        type="url"
        inputMode="url"
        autoComplete="url"
        placeholder="yourbrand.com"
        value={fields.website}
        disabled={running}
        onValue={set('website')}
      />
      <ToolEmailField id="semantic-expansion-email" value={fields.email} onChange={set('email')} disabled={running} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={running}>
          {running ? 'Analysing...' : 'Generate Queries'}
        </button>
      </div>
    </form>
  );
}

interface RequiredTextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  id: string;
  label: string;
  hint?: string;
  onValue: (value: string) => void;
}

function RequiredTextField({ id, label, hint, onValue, ...input }: RequiredTextFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>
        {label} <span className="required-mark" aria-hidden="true">*</span>
      </label>
      <input
        id={id}
        className="input"
        aria-required="true"
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {hint ? (
        <p id={`${id}-hint`} className="form-notice">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
