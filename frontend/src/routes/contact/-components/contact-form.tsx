import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { apiSend, visitorMessage } from '../../../api/api-client';
import { toast } from '../../../components/toast/toast-store';
import { marketingEmailNotice } from '../../../content/tools-copy';
import { HoneypotField, honeypotValue } from '../../../components/honeypot-field';

export interface ContactFields {
  name: string;
  email: string;
  company: string;
  message: string;
}

const EMPTY: ContactFields = { name: '', email: '', company: '', message: '' };

/** Name, email and message are required once trimmed; company is optional. */
export function missingRequiredField(fields: ContactFields): boolean {
  return !fields.name.trim() || !fields.email.trim() || !fields.message.trim();
}

export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const send = useMutation({
    mutationFn: (values: ContactFields & { homepage: string }) =>
      apiSend<unknown>('POST', '/api/contact', {
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        message: values.message.trim(),
        homepage: values.homepage,
      }),
    onSuccess: () => {
      setFields(EMPTY);
      toast({ title: 'Message Sent!', description: "Thank you for your message! We'll get back to you soon." });
    },
    onError: (error) => {
      toast({ title: 'Failed to Send', description: visitorMessage(error, 'Please try again later.'), variant: 'destructive' });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (missingRequiredField(fields)) {
      toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });
      return;
    }
    send.mutate({ ...fields, homepage: honeypotValue(event.currentTarget) });
  };

  const sending = send.isPending;
  const bind = (name: keyof ContactFields) => ({
    id: `contact-${name}`,
    name,
    value: fields[name],
    disabled: sending,
    onChange: (event: { target: { value: string } }) => setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form className="card form" onSubmit={submit} noValidate aria-label="Contact form">
      <HoneypotField />
      <div className="form-row">
        <div className="field">
          <label htmlFor="contact-name">
            Name <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input className="input" type="text" autoComplete="name" aria-required="true" {...bind('name')} />
        </div>
        <div className="field">
          <label htmlFor="contact-email">
            Email <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input className="input" type="email" autoComplete="email" aria-required="true" {...bind('email')} />
        </div>
      </div>
      <div className="field">
        <label htmlFor="contact-company">Company</label>
        <input className="input" type="text" autoComplete="organization" {...bind('company')} />
      </div>
      <div className="field">
        <label htmlFor="contact-message">
          Message <span className="required-mark" aria-hidden="true">*</span>
        </label>
        <textarea className="textarea" rows={6} aria-required="true" {...bind('message')} />
      </div>
      <p className="form-notice">{marketingEmailNotice}</p>
      <div>
        <button type="submit" className="btn btn-primary" disabled={sending}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
