import { DEFAULT_AUDIT_MODEL, MAX_AUDIT_COMPETITORS, TOOL_TEXT_LIMITS } from '@agency/shared';
import { useState, type FormEvent, type Ref } from 'react';
import type { AuditRequest } from '../../../api/audit-request';
import { emailLooksValid, ToolEmailField } from '../../../components/tool-email-field';
import { toast, type ToastInput } from '../../../components/toast/toast-store';
import { AUDIT_DURATION } from '../../../content/tools-copy';

export const QUERY_REQUIRED_TOAST: ToastInput = {
  title: 'Query Required',
  description: 'Please enter a brand or product query first.',
  variant: 'destructive',
};

/** The competitors field: names separated by commas, each once (in any case). */
export function competitorList(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((name) => name.trim().replace(/\s+/g, ' '))
    .filter((name) => {
      const key = name.toLocaleLowerCase('en-GB');
      if (name === '' || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/** Why the competitors field cannot be sent as it is, or undefined. */
export function competitorsProblem(text: string): string | undefined {
  const names = competitorList(text);
  if (names.length > MAX_AUDIT_COMPETITORS) return `Name at most ${MAX_AUDIT_COMPETITORS} competitors (you have ${names.length}).`;
  if (names.some((name) => name.length > TOOL_TEXT_LIMITS.brand)) return `Each competitor’s name can be at most ${TOOL_TEXT_LIMITS.brand} characters.`;
  return undefined;
}

/** The query is required once trimmed; an invalid email keeps the button disabled instead. */
export function auditFormProblem(query: string): ToastInput | undefined {
  return query.trim() ? undefined : QUERY_REQUIRED_TOAST;
}

export interface AuditFormValues {
  query: string;
  brand: string;
  competitors: string;
  website: string;
  email: string;
}

interface AuditFormProps {
  /** Prefix of the field ids; the page shows one form at a time, but each keeps its own. */
  id: string;
  title: string;
  intro?: string;
  initial?: Partial<AuditFormValues>;
  running: boolean;
  onSubmit: (request: AuditRequest) => void;
  /** The query field, for the page to return focus to after a failure. */
  queryRef?: Ref<HTMLInputElement>;
}

export function AuditForm({ id, title, intro, initial, running, onSubmit, queryRef }: AuditFormProps) {
  const [fields, setFields] = useState<AuditFormValues>({ query: '', brand: '', competitors: '', website: '', email: '', ...initial });
  const set = (name: keyof AuditFormValues) => (value: string) => setFields((current) => ({ ...current, [name]: value }));
  const emailReady = emailLooksValid(fields.email);
  const competitorsError = competitorsProblem(fields.competitors);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!emailReady || running || competitorsError) return;
    const problem = auditFormProblem(fields.query);
    if (problem) {
      toast(problem);
      return;
    }
    const brand = fields.brand.trim();
    const website = fields.website.trim();
    const competitors = competitorList(fields.competitors);
    onSubmit({
      query: fields.query.trim(),
      ...(brand ? { brand } : {}),
      ...(competitors.length > 0 ? { competitors } : {}),
      ...(website ? { website } : {}),
      email: fields.email.trim(),
      model: DEFAULT_AUDIT_MODEL,
    });
  };

  return (
    <form className="card form audit-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <div>
        <h2 id={`${id}-title`} className="h3-size">
          {title}
        </h2>
        {intro ? <p className="audit-form-intro">{intro}</p> : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-query`}>
          Your question <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <input
          ref={queryRef}
          id={`${id}-query`}
          className="input"
          type="text"
          name="query"
          placeholder="e.g. best vegan protein powder in the UK"
          aria-required="true"
          maxLength={TOOL_TEXT_LIMITS.query}
          value={fields.query}
          disabled={running}
          onChange={(event) => set('query')(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-brand`}>
          Brand <span className="audit-optional">(optional)</span>
        </label>
        <input
          id={`${id}-brand`}
          className="input"
          type="text"
          name="brand"
          placeholder="e.g. Brightleaf"
          aria-describedby={`${id}-brand-hint`}
          maxLength={TOOL_TEXT_LIMITS.brand}
          autoComplete="organization"
          value={fields.brand}
          disabled={running}
          onChange={(event) => set('brand')(event.target.value)}
        />
        <p id={`${id}-brand-hint`} className="form-notice">
          One brand: we check how often each model names it and give you a visibility score. If it also goes by another name, add that after a comma
          (“Brightleaf, Brightleaf Foods”) and either counts as yours. Other brands go under Competitors.
        </p>
      </div>
      <div className="field">
        <label htmlFor={`${id}-competitors`}>
          Competitors <span className="audit-optional">(optional)</span>
        </label>
        <input
          id={`${id}-competitors`}
          className="input"
          type="text"
          name="competitors"
          placeholder="e.g. Graze, Bulk"
          aria-describedby={`${id}-competitors-hint${competitorsError ? ` ${id}-competitors-error` : ''}`}
          aria-invalid={competitorsError ? true : undefined}
          maxLength={(TOOL_TEXT_LIMITS.brand + 2) * MAX_AUDIT_COMPETITORS}
          value={fields.competitors}
          disabled={running}
          onChange={(event) => set('competitors')(event.target.value)}
        />
        <p id={`${id}-competitors-hint`} className="form-notice">
          Up to {MAX_AUDIT_COMPETITORS} other brands, separated by commas. Each gets the same figures as yours, side by side.
        </p>
        {competitorsError ? (
          <p id={`${id}-competitors-error`} className="form-error">
            {competitorsError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={`${id}-website`}>
          Your website <span className="audit-optional">(optional)</span>
        </label>
        <input
          id={`${id}-website`}
          className="input"
          type="text"
          inputMode="url"
          name="website"
          placeholder="e.g. yourbrand.co.uk"
          aria-describedby={`${id}-website-hint`}
          maxLength={TOOL_TEXT_LIMITS.website}
          autoComplete="url"
          value={fields.website}
          disabled={running}
          onChange={(event) => set('website')(event.target.value)}
        />
        <p id={`${id}-website-hint`} className="form-notice">
          We show whether the models cite it as a source.
        </p>
      </div>
      <ToolEmailField id={`${id}-email`} value={fields.email} onChange={set('email')} disabled={running} />
      <div className="audit-form-actions">
        <button type="submit" className="btn btn-primary" disabled={running || !emailReady || competitorsError !== undefined} aria-describedby={`${id}-button-hint`}>
          {running ? 'Analysing...' : 'Analyse'}
        </button>
        <p id={`${id}-button-hint`} className="form-notice">
          {running
            ? `Asking ChatGPT, Claude, Gemini and Grok. This usually takes ${AUDIT_DURATION}.`
            : emailReady
              ? `Free. Results in ${AUDIT_DURATION}, at a link of their own you can share.`
              : 'Enter your email address to run the analysis.'}
        </p>
      </div>
    </form>
  );
}
