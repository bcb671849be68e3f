import { BRAND_MENTION_LABELS, type AuditVisibility } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { visibilityAdvice } from './audit-advice';
import { AUDIT_MODELS } from './audit-model-states';

/** The audit summary: models responded out of 4, the score, the mention count, per-model badges and advice. */
export function AuditSummary({ visibility }: { visibility: AuditVisibility }) {
  const { subject, respondingModels, mentions, occurrences, score, brandGiven } = visibility;
  return (
    <section className="card audit-summary" aria-labelledby="audit-summary-title">
      <div className="audit-summary-head">
        <div>
          <p className="eyebrow">Summary</p>
          <h2 id="audit-summary-title" className="h3-size">
            Visibility of {subject}
          </h2>
        </div>
        <div className="audit-score" aria-hidden="true" style={{ '--score': `${score}%` } as CSSProperties}>
          <span>{score}%</span>
        </div>
      </div>
      <dl className="audit-stats">
        <div>
          <dt>Models responded</dt>
          <dd>
            {respondingModels} / {AUDIT_MODELS.length}
          </dd>
        </div>
        <div>
          <dt>Visibility score</dt>
          <dd>{score}%</dd>
        </div>
        <div>
          <dt>Mentions</dt>
          <dd>
            {mentions}
            {occurrences > mentions ? <small> ({occurrences} times in all)</small> : null}
          </dd>
        </div>
      </dl>
      {brandGiven ? (
        <ul className="audit-mentions" aria-label={`Which models mention ${subject}`}>
          {AUDIT_MODELS.map(({ provider, label }) => {
            const status = visibility.models[provider].status;
            return (
              <li key={provider}>
                <span>{label}</span>
                <span className={`badge audit-mention is-${status}`}>{BRAND_MENTION_LABELS[status]}</span>
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="audit-advice">{visibilityAdvice(visibility)}</p>
      <p className="audit-summary-cta">
        <Link to="/contact" className="text-link">
          Talk to us about a full AI visibility audit →
        </Link>
      </p>
    </section>
  );
}
