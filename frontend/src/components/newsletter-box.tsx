import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiSend, visitorMessage } from '../api/api-client';
import { marketingEmailNotice } from '../content/tools-copy';
import { FieldError } from './field-error';
import { describedBy, emailProblem, fieldOfServerError } from './form-validation';
import { HoneypotField, honeypotValue } from './honeypot-field';
import { toast } from './toast/toast-store';

/** The blog's newsletter sign-up: POST /api/newsletter, toasts for success and failure. */
export function NewsletterBox() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const subscribe = useMutation({
    mutationFn: ({ address, homepage }: { address: string; homepage: string }) => apiSend<unknown>('POST', '/api/newsletter', { email: address, homepage }),
    onSuccess: () => {
      setEmail('');
      setError(undefined);
      toast({ title: 'Check your inbox', description: 'We have sent you a link to confirm your subscription.' });
    },
    onError: (failure) => {
      const onField = fieldOfServerError(failure, ['email'] as const);
      setError(onField?.message);
      toast({ title: 'Subscription Failed', description: onField?.message ?? visitorMessage(failure, 'Please try again later.'), variant: 'destructive' });
    },
  });

  // The site's form pattern (components/form-validation.ts): the button stays enabled, the
  // problem shows under the field, focus goes to it, and the toast still appears.
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (subscribe.isPending) return;
    const problem = emailProblem(email);
    setError(problem);
    if (problem) {
      (event.currentTarget.elements.namedItem('email') as HTMLInputElement | null)?.focus();
      toast({ title: 'Subscription Failed', description: problem, variant: 'destructive' });
      return;
    }
    subscribe.mutate({ address: email.trim(), homepage: honeypotValue(event.currentTarget) });
  };

  return (
    <section className="card card-feature newsletter" aria-labelledby={`${emailId}-heading`}>
      <div>
        <p className="eyebrow">Newsletter</p>
        <h2 id={`${emailId}-heading`}>Stay ahead of AI search</h2>
        <p>Get our latest articles on AI search, Amazon and retail media in your inbox.</p>
      </div>
      <form className="newsletter-form" onSubmit={submit} noValidate>
        <HoneypotField />
        <div className="newsletter-fields">
          <label htmlFor={emailId} className="visually-hidden">
            Email address
          </label>
          <input
            id={emailId}
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            placeholder="you@brand.com"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(undefined);
            }}
            readOnly={subscribe.isPending}
            {...describedBy(emailId, error)}
          />
          <button type="submit" className="btn btn-primary" aria-disabled={subscribe.isPending || undefined}>
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </button>
        </div>
        <FieldError fieldId={emailId} message={error} />
        <p className="form-notice">{marketingEmailNotice}</p>
      </form>
    </section>
  );
}
