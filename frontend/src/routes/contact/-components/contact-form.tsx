import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiSend, visitorMessage } from '../../../api/api-client';
import { FieldError } from '../../../components/field-error';
import { describedBy, emailProblem, FIELD_MESSAGES, fieldOfServerError, focusFirstInvalid, type FieldErrors } from '../../../components/form-validation';
import { HoneypotField, honeypotValue } from '../../../components/honeypot-field';
import { toast } from '../../../components/toast/toast-store';
import { marketingEmailNotice } from '../../../content/tools-copy';

export interface ContactFields {
  name: string;
  email: string;
  company: string;
  message: string;
}

type ContactField = keyof ContactFields;

const EMPTY: ContactFields = { name: '', email: '', company: '', message: '' };
const FIELD_ORDER: readonly ContactField[] = ['name', 'email', 'company', 'message'];

/** Name, email and message are required once trimmed; company is optional. */
export function missingRequiredField(fields: ContactFields): boolean {
  return !fields.name.trim() || !fields.email.trim() || !fields.message.trim();
}

/** What is wrong with each field, in plain English; empty when the form can be sent. */
export function contactFieldErrors(fields: ContactFields): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {};
  if (!fields.name.trim()) errors.name = FIELD_MESSAGES.nameMissing;
  const email = emailProblem(fields.email);
  if (email) errors.email = email;
  if (!fields.message.trim()) errors.message = FIELD_MESSAGES.messageMissing;
  return errors;
}

/** Replaces the form once the message is sent. */
function ThankYou({ name, onAnother }: { name: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="card form contact-thanks" role="status">
      <h2 ref={heading} tabIndex={-1}>
        Thank you{name ? `, ${name}` : ''}!
      </h2>
      <p>Your message is with our team. We'll get back to you soon, usually within one working day.</p>
      <div>
        <button type="button" className="btn btn-secondary" onClick={onAnother}>
          Send another message
        </button>
      </div>
    </div>
  );
}

export function ContactForm() {
  const [fields, setFields] = useState<ContactFields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const [sentBy, setSentBy] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);
  const send = useMutation({
    mutationFn: (values: ContactFields & { homepage: string }) =>
      apiSend<unknown>('POST', '/api/contact', {
        name: values.name.trim(),
        email: values.email.trim(),
        company: values.company.trim(),
        message: values.message.trim(),
        homepage: values.homepage,
      }),
    onSuccess: (_answer, values) => {
      setFields(EMPTY);
      setSentBy(values.name.trim());
      toast({ title: 'Message Sent!', description: "Thank you for your message! We'll get back to you soon." });
    },
    onError: (error) => {
      const onField = fieldOfServerError(error, FIELD_ORDER);
      if (onField) {
        const fieldErrors = { [onField.field]: onField.message };
        setErrors(fieldErrors);
        if (form.current) focusFirstInvalid(form.current, FIELD_ORDER, fieldErrors);
      }
      toast({ title: 'Failed to Send', description: onField?.message ?? visitorMessage(error, 'Please try again later.'), variant: 'destructive' });
    },
  });

  if (sentBy !== undefined) return <ThankYou name={sentBy} onAnother={() => setSentBy(undefined)} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = contactFieldErrors(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(event.currentTarget, FIELD_ORDER, found);
      // The toasts the form has always shown: missing fields, or the address that would be refused.
      if (missingRequiredField(fields)) toast({ title: 'Missing Information', description: 'Please fill in all required fields.', variant: 'destructive' });
      else toast({ title: 'Failed to Send', description: found.email ?? 'Please check the form.', variant: 'destructive' });
      return;
    }
    send.mutate({ ...fields, homepage: honeypotValue(event.currentTarget) });
  };

  const sending = send.isPending;
  const bind = (name: ContactField) => ({
    id: `contact-${name}`,
    name,
    value: fields[name],
    readOnly: sending,
    ...describedBy(`contact-${name}`, errors[name]),
    onChange: (event: { target: { value: string } }) => {
      setFields((current) => ({ ...current, [name]: event.target.value }));
      if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });

  return (
    <form ref={form} className="card form" onSubmit={submit} noValidate aria-label="Contact form">
      <HoneypotField />
      <div className="form-row">
        <div className="field">
          <label htmlFor="contact-name">
            Name <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input className="input" type="text" autoComplete="name" aria-required="true" {...bind('name')} />
          <FieldError fieldId="contact-name" message={errors.name} />
        </div>
        <div className="field">
          <label htmlFor="contact-email">
            Email <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input className="input" type="email" autoComplete="email" aria-required="true" {...bind('email')} />
          <FieldError fieldId="contact-email" message={errors.email} />
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
        <FieldError fieldId="contact-message" message={errors.message} />
      </div>
      <p className="form-notice">{marketingEmailNotice}</p>
      <div>
        {/* Enabled whatever the fields hold: a press shows what to fix. */}
        <button type="submit" className="btn btn-primary" aria-disabled={sending || undefined}>
          {sending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
