import { BRAND_MENTION_LABELS, type AuditVisibility } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { SimulatedTag } from '../../../components/demo-banner';
import { visibilityAdvice } from './audit-advice';
import { AUDIT_MODELS } from './audit-model-states';

interface AuditSummaryProps {
  visibility: AuditVisibility;
  simulated: boolean | undefined;
  /** Answers asked of each model; the summary itself reads each model's first answer. */
  answersPerModel: number | undefined;
  /** Where "Add your brand" leads: the form below the results, or the tool page from a report. */
  addBrandHref: string;
}

/**
 * The audit summary: models responded out of 4, the score, the mention count, per-model badges and
 * advice, from each model's first answer. Without a brand there is no score (it would be about our
 * own name): the brands the answers recommend take its place, with an invitation to add yours.
 */
export function AuditSummary({ visibility, simulated, answersPerModel, addBrandHref }: AuditSummaryProps) {
  const { subject, respondingModels, mentions, occurrences, score, brandGiven } = visibility;
  const models = (
    <div>
      <dt>Models responded</dt>
      <dd>
        {respondingModels} / {AUDIT_MODELS.length}
      </dd>
    </div>
  );
  if (!brandGiven) {
    return (
      <section className="card audit-summary" aria-labelledby="audit-summary-title">
        <p className="eyebrow">Summary</p>
        <h2 id="audit-summary-title" className="h3-size">
          Who AI recommends for this question
        </h2>
        <dl className="audit-stats">{models}</dl>
        <p className="audit-advice">
          Below are the brands the models recommend for this question{answersPerModel && answersPerModel > 1 ? `, across ${answersPerModel} answers from each model` : ''}.
          Add your brand to the form to see how often, and where, each model names it.
        </p>
        <p className="audit-summary-cta">
          <a href={addBrandHref} className="text-link">
            Add your brand →
          </a>
        </p>
      </section>
    );
  }
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
        {models}
        <div>
          <dt>Visibility score</dt>
          <dd>
            {score}% <SimulatedTag simulated={simulated} />
          </dd>
        </div>
        <div>
          <dt>Mentions</dt>
          <dd>
            {mentions}
            {occurrences > mentions ? <small> ({occurrences} times in all)</small> : null} <SimulatedTag simulated={simulated} />
          </dd>
        </div>
      </dl>
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
      <p className="audit-advice">{visibilityAdvice(visibility)}</p>
      <p className="audit-summary-cta">
        <Link to="/contact" className="text-link">
          Talk to us about a full AI visibility audit →
        </Link>
      </p>
    </section>
  );
}
