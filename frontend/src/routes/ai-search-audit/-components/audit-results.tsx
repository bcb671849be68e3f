import { auditVisibility, type AuditAnswer } from '@agency/shared';
import type { Ref } from 'react';
import { AuditModelCard } from './audit-model-card';
import { AUDIT_MODELS, cardFromAnswer } from './audit-model-states';
import { AuditSummary } from './audit-summary';

interface AuditResultsProps {
  answer: AuditAnswer;
  brand: string | undefined;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The results view that replaces the hero and form: the summary, then each model's answer. */
export function AuditResults({ answer, brand, headingRef }: AuditResultsProps) {
  const visibility = auditVisibility(answer, brand);
  return (
    <section className="page-hero audit-results" aria-labelledby="audit-results-title">
      <div className="container">
        <p className="eyebrow">AI Search Audit results</p>
        <h1 id="audit-results-title" ref={headingRef} tabIndex={-1}>
          What AI says about your question
        </h1>
        <p className="lede audit-results-query">“{answer.query}”</p>
        <div className="audit-results-layout">
          <AuditSummary visibility={visibility} />
          <ul className="audit-model-grid" aria-label="Each model's answer">
            {AUDIT_MODELS.map(({ provider, label }) => (
              <AuditModelCard key={provider} id={`results-${provider}`} label={label} state={cardFromAnswer(answer, provider)} subject={visibility.subject} />
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
