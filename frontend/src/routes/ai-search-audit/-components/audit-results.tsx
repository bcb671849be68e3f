import {
  AUDIT_MODEL_KEYS,
  auditSummaryFigures,
  brandAliases,
  brandsPerAnswer,
  FEW_BRANDS_PER_ANSWER,
  positionRange,
  type AuditAnswer,
  type AuditReport,
  type SearchEngineId,
} from '@agency/shared';
import type { ReactNode } from 'react';
import { fewBrandsAdvice } from './audit-advice';
import { AuditBrandVisibility, AuditCompetitorComparison } from './audit-brand-visibility';
import { AuditBrandsTable } from './audit-brands-table';
import { AuditCitedDomains } from './audit-cited-domains';
import { AuditEndingCounts } from './audit-ending-counts';
import type { HighlightName } from './audit-mentions';
import { AnswerText, AuditModelCard, SourceList } from './audit-model-card';
import { auditEnginesOf, cardFromAnswer } from './audit-model-states';
import { AuditBrandSources } from './audit-brand-sources';
import { AuditMemory } from './audit-memory';
import { AuditMethodCard } from './audit-method-card';
import { AuditNextSteps } from './audit-next-steps';
import { AuditReportLinks } from './audit-report-links';
import { AuditRetrieval } from './audit-retrieval';
import { AuditSentiment } from './audit-sentiment';
import { AuditSummary } from './audit-summary';

interface AuditResultsProps {
  answer: AuditReport;
  brand: string | null | undefined;
  website: string | null | undefined;
  simulated: boolean;
  heading: ReactNode;
  /** Where "Add your brand" leads. */
  addBrandHref: string;
}

/** The results: the summary, the brands the answers recommend, the visitor's brand across them, the sources, each model's answers and the report's link. */
export function AuditResults({ answer, brand, website, simulated, heading, addBrandHref }: AuditResultsProps) {
  const aliases = brandAliases(brand);
  const runAnswers = answer.runAnswers ?? {};
  const competitors = answer.competitorVisibility ?? [];
  // The stored figures, as the worker computed them: the summary, the table and the CSV agree.
  const figures = auditSummaryFigures(runAnswers, answer.visibility);
  const perAnswer = brandsPerAnswer(runAnswers);
  const answered = Object.values(runAnswers).flat().length;
  const highlightsOf = (provider: SearchEngineId, run: number): HighlightName[] => [
    ...(runAnswers[AUDIT_MODEL_KEYS[provider]]?.[run]?.brands ?? []).map((name) => ({ name, own: false })),
    ...competitors.map(({ brand: name }) => ({ name, own: false })),
    ...aliases.map((name) => ({ name, own: true })),
  ];
  return (
    <section className="page-hero audit-results" aria-labelledby="audit-results-title">
      <div className="container">
        {heading}
        <div className="audit-results-layout">
          <div className="audit-report-column">
            <AuditSummary
              figures={figures}
              subject={answer.visibility?.brand}
              competitors={competitors}
              simulated={simulated}
              answersPerModel={answer.runs}
              enginesAsked={auditEnginesOf(answer).length}
              addBrandHref={addBrandHref}
            />
            <AuditNextSteps steps={answer.nextSteps ?? []} simulated={simulated} />
            <AuditEndingCounts answer={answer} />
            {answered > 0 && perAnswer < FEW_BRANDS_PER_ANSWER ? (
              <p className="card audit-few-brands" role="note">
                {fewBrandsAdvice(answer.query, perAnswer)}
              </p>
            ) : null}
            <AuditBrandsTable
              brands={answer.brands ?? []}
              runAnswers={runAnswers}
              ownBrand={answer.visibility?.brand}
              competitors={competitors.map((competitor) => competitor.brand)}
              title={aliases.length > 0 ? 'Brands AI recommends' : 'Brands AI recommends for this question'}
            />
            {answer.visibility ? <AuditBrandVisibility visibility={answer.visibility} simulated={simulated} /> : null}
            {competitors.length > 0 ? <AuditCompetitorComparison visibility={answer.visibility} competitors={competitors} simulated={simulated} /> : null}
            <AuditCitedDomains runAnswers={runAnswers} website={website} />
            <AuditBrandSources brandSources={answer.brandSources ?? []} gapDomains={answer.gapDomains ?? []} brand={answer.visibility?.brand} simulated={simulated} />
            <AuditRetrieval retrieval={answer.retrieval ?? {}} websitePages={answer.websitePages ?? []} website={website} simulated={simulated} />
            <AuditMemory memory={answer.memory ?? {}} brand={answer.visibility?.brand} simulated={simulated} />
            <AuditSentiment brands={answer.brands ?? []} simulated={simulated} />
            {answer.method ? <AuditMethodCard method={answer.method} simulated={simulated} /> : null}
            {answer.reportId ? <AuditReportLinks reportId={answer.reportId} reportUrl={answer.reportUrl} expiresAt={answer.expiresAt} /> : null}
          </div>
          <ul className="audit-model-grid" aria-label="Each model's answer">
            {auditEnginesOf(answer).map(({ provider, label }) => {
              const runs = runAnswers[AUDIT_MODEL_KEYS[provider]] ?? [];
              const engine = answer.visibility?.engines[AUDIT_MODEL_KEYS[provider]];
              return (
                <AuditModelCard
                  key={provider}
                  id={`results-${provider}`}
                  label={label}
                  state={cardFromAnswer(answer, provider)}
                  finished
                  highlights={highlightsOf(provider, 0)}
                  runs={runs.length > 1 ? `${runs.length} answers` : undefined}
                  extra={
                    <>
                      {runs[0] && runs[0].brands.length > 0 ? (
                        <p className="audit-card-brands">
                          <span className="audit-searched-label">Brands named:</span> {runs[0].brands.join(', ')}
                        </p>
                      ) : null}
                      {engine ? (
                        <p className="audit-card-brands">
                          <span className="audit-searched-label">{answer.visibility!.brand}:</span>{' '}
                          {engine.mentionedIn === 0
                            ? `not named in ${engine.answers} ${engine.answers === 1 ? 'answer' : 'answers'}`
                            : `named in ${engine.mentionedIn} of ${engine.answers}, position ${positionRange(engine.positions)}`}
                        </p>
                      ) : null}
                      {runs.length > 1 ? <OtherAnswers provider={provider} runs={runs.slice(1)} highlightsOf={highlightsOf} /> : null}
                    </>
                  }
                />
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}

/** The engine's later answers, folded away: the first is the one shown. */
function OtherAnswers({
  provider,
  runs,
  highlightsOf,
}: {
  provider: SearchEngineId;
  runs: NonNullable<AuditAnswer['runAnswers'][keyof AuditAnswer['runAnswers']]>;
  highlightsOf: (provider: SearchEngineId, run: number) => HighlightName[];
}) {
  return (
    <details className="audit-other-answers">
      <summary>
        Its other {runs.length === 1 ? 'answer' : `${runs.length} answers`} to the same question
      </summary>
      {runs.map((run, index) => {
        const id = `results-${provider}-run-${index + 2}`;
        return (
          <div key={id} className="audit-other-answer">
            <h4>Answer {index + 2}</h4>
            <p className="audit-answer">
              <AnswerText id={id} answer={run.text} citations={run.citations} highlights={highlightsOf(provider, index + 1)} />
            </p>
            <p className="audit-card-brands">
              <span className="audit-searched-label">Brands named:</span> {run.brands.length > 0 ? run.brands.join(', ') : 'none'}
            </p>
            <SourceList id={id} citations={run.citations} />
          </div>
        );
      })}
    </details>
  );
}
