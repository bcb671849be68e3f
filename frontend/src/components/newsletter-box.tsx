import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { apiSend, visitorMessage } from '../api/api-client';
import { marketingEmailNotice } from '../content/tools-copy';
import { HoneypotField, honeypotValue } from './honeypot-field';
import { toast } from './toast/toast-store';

/** The blog's newsletter sign-up: POST /api/newsletter, toasts for success and failure. */
export function NewsletterBox() {
  const emailId = useId();
  const [email, setEmail] = useState('');
  const subscribe = useMutation({
    mutationFn: ({ address, homepage }: { address: string; homepage: string }) => apiSend<unknown>('POST', '/api/newsletter', { email: address, homepage }),
    onSuccess: () => {
      setEmail('');
      toast({ title: 'Subscribed!', description: "Thanks for subscribing. We'll send you our latest insights." });
    },
    onError: (error) => {
      toast({ title: 'Subscription Failed', description: visitorMessage(error, 'Please try again later.'), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
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
            onChange={(event) => setEmail(event.target.value)}
            disabled={subscribe.isPending}
          />
          <button type="submit" className="btn btn-primary" disabled={subscribe.isPending}>
            {subscribe.isPending ? 'Subscribing...' : 'Subscribe'}
          </button>
        </div>
        <p className="form-notice">{marketingEmailNotice}</p>
      </form>
    </section>
  );
}
