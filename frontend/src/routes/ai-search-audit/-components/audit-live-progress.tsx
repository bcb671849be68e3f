import { useEffect, useRef } from 'react';
import type { ToolProgressState } from '../../../api/tool-progress-state';
import { AuditModelCard } from './audit-model-card';
import { AUDIT_MODELS, cardFromProgress } from './audit-model-states';

/** Progress while an audit runs: each model's card turns from waiting to its outcome as it answers. */
export function AuditLiveProgress({ progress }: { progress: ToolProgressState }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The Analyse button is disabled while the audit runs: focus (and the view) move to the progress.
  useEffect(() => heading.current?.focus(), []);
  const finished = AUDIT_MODELS.filter(({ provider }) => progress.models[provider].status !== 'waiting').length;
  const status =
    progress.phase === 'queued'
      ? 'Sending your question to ChatGPT, Claude, Gemini and Grok…'
      : finished < AUDIT_MODELS.length
        ? `${finished} of ${AUDIT_MODELS.length} models have answered. Waiting for the rest…`
        : 'All four models have answered. Preparing your results…';
  return (
    <section className="audit-live" aria-labelledby="audit-live-title">
      <div className="audit-live-head">
        <h2 id="audit-live-title" className="h3-size" ref={heading} tabIndex={-1}>
          Asking four AI models
        </h2>
        <p className="audit-live-status" role="status">
          {status}
        </p>
        <div className="audit-live-bar" aria-hidden="true">
          <span style={{ width: `${Math.max(6, (finished / AUDIT_MODELS.length) * 100)}%` }} />
        </div>
      </div>
      <ul className="audit-model-grid" aria-busy="true">
        {AUDIT_MODELS.map(({ provider, label }) => (
          <AuditModelCard key={provider} id={`live-${provider}`} label={label} state={cardFromProgress(progress.models[provider])} />
        ))}
      </ul>
    </section>
  );
}
