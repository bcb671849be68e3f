import { useState, type FormEvent } from 'react';
import type { FanOutRequest } from '../../../api/query-fan-out-request';
import { emailLooksValid, INVALID_EMAIL_TOAST, ToolEmailField } from '../../../components/tool-email-field';
import { toast, type ToastInput } from '../../../components/toast/toast-store';

const MISSING_INFORMATION_TOAST: ToastInput = {
  title: 'Missing Information',
  description: 'Please provide a keyword, website URL, and email address.',
  variant: 'destructive',
};

/** SPEC §5: keyword, website and email are all required; the email must be an address. */
export function fanOutFormProblem(fields: FanOutRequest): ToastInput | undefined {
  if (!fields.keyword.trim() || !fields.website.trim() || !fields.email.trim()) return MISSING_INFORMATION_TOAST;
  if (!emailLooksValid(fields.email)) return INVALID_EMAIL_TOAST;
  return undefined;
}

interface FanOutFormProps {
  running: boolean;
  onSubmit: (request: FanOutRequest) => void;
}

export function FanOutForm({ running, onSubmit }: FanOutFormProps) {
  const [fields, setFields] = useState<FanOutRequest>({ keyword: '', website: '', email: '' });
  const set = (name: keyof FanOutRequest) => (value: string) => setFields((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problem = fanOutFormProblem(fields);
    if (problem) {
      toast(problem);
      return;
    }
    // The service accepts 'example.com' and adds https:// itself, so the address goes as typed.
    onSubmit({ keyword: fields.keyword.trim(), website: fields.website.trim(), email: fields.email.trim() });
  };

  return (
    <form className="card form tool-form" onSubmit={submit} noValidate aria-labelledby="fan-out-form-title">
      <h2 id="fan-out-form-title" className="h3-size">
        Expand a keyword
      </h2>
      <div className="field">
        <label htmlFor="fan-out-keyword">
          Keyword <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input
          id="fan-out-keyword"
          className="input"
          type="text"
          name="keyword"
          placeholder="e.g. vegan protein powder"
          aria-required="true"
          value={fields.keyword}
          disabled={running}
          onChange={(event) => set('keyword')(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor="fan-out-website">
          Website <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input
          id="fan-out-website"
          className="input"
          type="url"
          name="website"
          inputMode="url"
          autoComplete="url"
          placeholder="yourbrand.com"
          aria-required="true"
          aria-describedby="fan-out-website-hint"
          value={fields.website}
          disabled={running}
          onChange={(event) => set('website')(event.target.value)}
        />
        <p id="fan-out-website-hint" className="form-notice">
          Your public website address; https:// is added if you leave it out.
        </p>
      </div>
      <ToolEmailField id="fan-out-email" value={fields.email} onChange={set('email')} disabled={running} />
      <div>
        <button type="submit" className="btn btn-primary" disabled={running}>
          {running ? 'Analysing...' : 'Generate Queries'}
        </button>
      </div>
    </form>
  );
}
