import { useEffect, useRef } from 'react';
import type { ToolProgressState } from '../../../api/tool-progress-state';
import { AuditModelCard } from './audit-model-card';
import { AUDIT_MODELS, cardFromProgress } from './audit-model-states';

/**
 * Progress while an audit runs: each model's card turns from waiting to its first answer, and
 * counts its answers as they arrive (each model is asked several times at once).
 */
export function AuditLiveProgress({ progress }: { progress: ToolProgressState }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The Analyse button is disabled while the audit runs: focus (and the view) move to the progress.
  useEffect(() => heading.current?.focus(), []);
  const finished = AUDIT_MODELS.filter(({ provider }) => progress.models[provider].status !== 'waiting').length;
  const runs = AUDIT_MODELS.map(({ provider }) => progress.models[provider].runs);
  // Every model is asked the same number of times; a model not heard from yet counts too.
  const total = Math.max(0, ...runs.map((run) => run?.total ?? 0)) * AUDIT_MODELS.length;
  const arrived = runs.reduce((sum, run) => sum + (run ? run.answered + run.failed : 0), 0);
  const status =
    progress.phase === 'queued'
      ? 'Sending your question to ChatGPT, Claude, Gemini and Grok…'
      : total > 0 && arrived < total
        ? `${arrived} of ${total} answers in, from ${finished} of ${AUDIT_MODELS.length} models. Waiting for the rest…`
        : finished < AUDIT_MODELS.length
          ? `${finished} of ${AUDIT_MODELS.length} models have answered. Waiting for the rest…`
          : 'All four models have answered. Listing the brands they recommend…';
  const share = total > 0 ? arrived / total : finished / AUDIT_MODELS.length;
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
          <span style={{ width: `${Math.max(6, share * 100)}%` }} />
        </div>
      </div>
      <ul className="audit-model-grid audit-live-grid" aria-busy="true">
        {AUDIT_MODELS.map(({ provider, label }) => {
          const model = progress.models[provider];
          const run = model.runs;
          return (
            <AuditModelCard
              key={provider}
              id={`live-${provider}`}
              label={label}
              state={cardFromProgress(model, provider)}
              runs={run && run.total > 1 ? `${run.answered + run.failed} of ${run.total} answers` : undefined}
              finished={run !== undefined && run.answered + run.failed >= run.total}
            />
          );
        })}
      </ul>
    </section>
  );
}
