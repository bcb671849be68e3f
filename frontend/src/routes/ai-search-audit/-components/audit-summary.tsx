import { BRAND_MENTION_LABELS, brandVisibilityScore, MODEL_PROVIDER_LABELS, type AuditBrandVisibility, type AuditSummaryFigures } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { SimulatedTag } from '../../../components/demo-banner';
import { visibilityAdvice } from './audit-advice';
import { AUDIT_MODELS } from './audit-model-states';

interface AuditSummaryProps {
  /** The stored figures, as the brand table and the CSV show them. */
  figures: AuditSummaryFigures;
  /** The visitor's brand (its first name); undefined when none was given. */
  subject: string | undefined;
  competitors: readonly AuditBrandVisibility[];
  simulated: boolean | undefined;
  /** Answers asked of each model. */
  answersPerModel: number | undefined;
  /** Engines asked: SPEC's four, and Perplexity when it was asked (its key set, or demo mode). */
  enginesAsked?: number | undefined;
  /** Where "Add your brand" leads: the form below the results. */
  addBrandHref: string;
}

const answersText = (count: number) => `${count} ${count === 1 ? 'answer' : 'answers'}`;

/**
 * The audit summary: models responded out of 4, the score, the mentions, per-model badges and
 * advice, all across every answer of every model. Without a brand there is no score (it would be
 * about our own name): the brands the answers recommend take its place, with an invitation to add yours.
 */
export function AuditSummary({ figures, subject, competitors, simulated, answersPerModel, addBrandHref, enginesAsked }: AuditSummaryProps) {
  const { respondingModels, answers, mentionedIn, score } = figures;
  // SPEC's four, and Perplexity when it answered (the stored figures carry it only then).
  const engines = figures.engines.perplexity ? [...AUDIT_MODELS, { provider: 'perplexity' as const, label: MODEL_PROVIDER_LABELS.perplexity }] : AUDIT_MODELS;
  const models = (
    <div>
      <dt>Models responded</dt>
      <dd>
        {respondingModels} / {Math.max(enginesAsked ?? 0, engines.length)}
      </dd>
    </div>
  );
  if (subject === undefined || score === null) {
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
        <CompetitorScores competitors={competitors} simulated={simulated} />
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
            {mentionedIn} <small>of {answersText(answers)}</small> <SimulatedTag simulated={simulated} />
          </dd>
        </div>
      </dl>
      <ul className="audit-mentions" aria-label={`Which models mention ${subject}`}>
        {engines.map(({ provider, label }) => {
          const engine = figures.engines[provider]!;
          return (
            <li key={provider}>
              <span>{label}</span>
              <span>
                {engine.status === 'no-response' ? null : (
                  <>
                    <small className="audit-mention-count">
                      {engine.mentionedIn} of {engine.answers}
                    </small>{' '}
                  </>
                )}
                <span className={`badge audit-mention is-${engine.status}`}>{BRAND_MENTION_LABELS[engine.status]}</span>
              </span>
            </li>
          );
        })}
      </ul>
      <CompetitorScores competitors={competitors} simulated={simulated} />
      <p className="audit-advice">{visibilityAdvice(subject, figures)}</p>
      <p className="audit-summary-cta">
        <Link to="/contact" className="text-link">
          Talk to us about a full AI visibility audit →
        </Link>
      </p>
    </section>
  );
}

/** Each competitor's score beside the brand's, from the same figures. */
function CompetitorScores({ competitors, simulated }: { competitors: readonly AuditBrandVisibility[]; simulated: boolean | undefined }) {
  if (competitors.length === 0) return null;
  return (
    <div className="audit-competitor-scores">
      <h3 className="audit-competitor-title">Competitors</h3>
      <ul className="audit-mentions" aria-label="Visibility of each competitor">
        {competitors.map((competitor) => (
          <li key={competitor.brand}>
            <span>{competitor.brand}</span>
            <span>
              {brandVisibilityScore(competitor)}%{' '}
              <small className="audit-mention-count">
                named in {competitor.mentionedIn} of {answersText(competitor.answers)}
              </small>{' '}
              <SimulatedTag simulated={simulated} />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
