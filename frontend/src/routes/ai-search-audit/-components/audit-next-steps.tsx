import type { NextStep, NextStepKind } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import { SimulatedTag } from '../../../components/demo-banner';

const KIND_LABELS: Record<NextStepKind, string> = {
  'get-listed': 'Get listed',
  'search-gap': 'Searches that miss you',
  'read-not-cited': 'Read but not cited',
  'not-in-memory': 'Not known from memory',
};

/**
 * What to do next, most important first: the worker ranked the steps and wrote each from one of
 * the report's figures (no model wrote them); each says which figure it comes from.
 */
export function AuditNextSteps({ steps, simulated }: { steps: readonly NextStep[]; simulated: boolean }) {
  if (steps.length === 0) return null;
  return (
    <section className="card audit-next-steps" aria-labelledby="audit-next-steps-title">
      <h2 id="audit-next-steps-title" className="h3-size">
        What to do next <SimulatedTag simulated={simulated} />
      </h2>
      <p className="form-notice">Ranked by the share of the answers (for memory, of the engines) each concerns. Every step comes from a figure in this report, named under it.</p>
      <ol className="audit-next-step-list">
        {steps.map((step) => (
          <li key={`${step.kind}:${step.text}`} className={`audit-next-step is-${step.kind}`}>
            <span className="badge">{KIND_LABELS[step.kind]}</span>
            <p className="audit-next-step-text">{step.text}</p>
            {step.href ? (
              <p>
                <Link to={step.href} className="text-link">
                  Open Semantic Expansion for this search →
                </Link>
              </p>
            ) : null}
            <p className="audit-next-step-basis">
              <span className="audit-searched-label">Based on:</span> {step.basis}
            </p>
          </li>
        ))}
      </ol>
    </section>
  );
}
