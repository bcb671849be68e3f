import { TRACKING_CADENCES, type TrackingCadence } from '@agency/shared';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { visitorMessage } from '../../../api/api-client';
import { requestTracking } from '../../../api/tracking-queries';
import { rememberedVisitorEmail } from '../../../api/visitor-session';
import { emailLooksValid } from '../../../components/tool-email-field';
import { toast } from '../../../components/toast/toast-store';

const CADENCE_LABELS: Record<TrackingCadence, string> = { weekly: 'Every week', monthly: 'Every month' };

/**
 * "Track this question": the visitor picks weekly or monthly and confirms from an email; we ask
 * the engines again on that schedule and email only when the result changes significantly.
 */
export function TrackQuestionForm({ reportId }: { reportId: string }) {
  const [email, setEmail] = useState(rememberedVisitorEmail);
  const [cadence, setCadence] = useState<TrackingCadence>('weekly');
  const track = useMutation({
    mutationFn: () => requestTracking(reportId, email, cadence),
    onSuccess: ({ message }) => toast({ title: 'Check Your Inbox', description: message }),
    onError: (error) =>
      toast({ title: 'Tracking Not Started', description: visitorMessage(error, 'We could not start tracking this question. Please try again.'), variant: 'destructive' }),
  });
  const ready = emailLooksValid(email) && !track.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) track.mutate();
  };
  return (
    <section className="section section-tight audit-section" aria-labelledby="audit-track-title">
      <div className="container">
      <form className="card form audit-track" onSubmit={submit} noValidate>
        <h2 id="audit-track-title" className="h3-size">
          Track this question
        </h2>
        <p className="audit-form-intro">
          We ask the same engines the same question again on a schedule and show the trend on this page. You get an email only when the result changes significantly
          (and a monthly summary otherwise). Confirm from the email we send; every email has a link to stop.
        </p>
        <fieldset className="field audit-track-cadence">
          <legend>How often</legend>
          {TRACKING_CADENCES.map((value) => (
            <label key={value} className="audit-track-choice">
              <input type="radio" name="cadence" value={value} checked={cadence === value} onChange={() => setCadence(value)} /> {CADENCE_LABELS[value]}
            </label>
          ))}
        </fieldset>
        <div className="field">
          {/* Not "Email": the new-analysis form below has that field, and each must be found by its own name. */}
          <label htmlFor="audit-track-email">
            Send the updates to <span className="required-mark" aria-hidden="true">*</span>
          </label>
          <input
            id="audit-track-email"
            className="input"
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@brand.com"
            aria-required="true"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={!ready}>
          {track.isPending ? 'Sending...' : 'Track this question'}
        </button>
        {track.isSuccess ? (
          <p className="form-notice" role="status">
            {track.data.message}
          </p>
        ) : null}
      </form>
      </div>
    </section>
  );
}
