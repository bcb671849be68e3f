import { AUDIT_MODEL_KEYS } from '@agency/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { auditReportQuery } from '../../../api/audit-report-queries';
import { rememberedVisitorEmail } from '../../../api/visitor-session';
import { DemoBanner } from '../../../components/demo-banner';
import { formatLongDate } from '../../../format/date-format';
import { AuditForm } from './audit-form';
import { AuditFormSection } from './audit-form-section';
import { auditEnginesOf } from './audit-model-states';
import { AuditResults } from './audit-results';
import { AuditTrend } from './audit-trend';
import { TrackQuestionForm } from './track-question-form';
import { takeFreshReport, useAuditRun } from './use-audit-run';
import './ai-search-audit.css';

const route = getRouteApi('/ai-search-audit/report/$reportId');

/**
 * A stored audit report: the question, when it was asked and of which models, then the full
 * results and a form for a new analysis. The tool page brings the visitor here as soon as an
 * audit finishes, so this is also where the results first appear.
 */
export default function AuditReportPage() {
  const { reportId } = route.useParams();
  const { data: report } = useSuspenseQuery(auditReportQuery(reportId));
  const heading = useRef<HTMLHeadingElement>(null);
  const { running, live, onSubmit, queryRef } = useAuditRun();
  useEffect(() => {
    if (takeFreshReport(reportId)) heading.current?.focus();
  }, [reportId]);
  const models = auditEnginesOf(report).map(({ provider, label }) => {
    const model = report.models[AUDIT_MODEL_KEYS[provider]];
    return model ? `${label} (${model})` : label;
  });
  return (
    <>
      <DemoBanner simulated={report.simulated} />
      <AuditResults
        answer={report}
        brand={report.brand}
        website={report.website}
        simulated={report.simulated}
        addBrandHref="#audit-again-brand"
        heading={
          <>
            <p className="eyebrow">AI Search Audit report</p>
            <h1 id="audit-results-title" ref={heading} tabIndex={-1}>
              What AI says about this question
            </h1>
            <p className="lede audit-results-query">“{report.query}”</p>
            <ul className="audit-report-meta">
              <li>
                Asked on <time dateTime={report.createdAt}>{formatLongDate(report.createdAt)}</time>
              </li>
              {report.brand ? <li>Brand: {report.brand}</li> : null}
              {report.competitors?.length ? <li>Competitors: {report.competitors.join(', ')}</li> : null}
              {report.website ? <li>Website: {report.website}</li> : null}
              <li>
                {report.runs} {report.runs === 1 ? 'answer' : 'answers'} from each of {models.join(', ')}
              </li>
              {report.simulated ? <li>Simulated answers (demo mode)</li> : null}
            </ul>
            <p>
              <Link to="/ai-search-audit" className="text-link">
                Run your own audit →
              </Link>
            </p>
          </>
        }
      />
      <AuditTrend reportId={reportId} history={report.history ?? []} />
      <TrackQuestionForm reportId={reportId} />
      <AuditFormSection label="Run a New Analysis" live={live}>
        <AuditForm
          // A fresh form for each report, keeping the brand, competitors and site it was about.
          key={reportId}
          id="audit-again"
          title="Run a New Analysis"
          intro="Try another question, or the same one with a different brand."
          initial={{ brand: report.brand ?? '', competitors: (report.competitors ?? []).join(', '), website: report.website ?? '', email: rememberedVisitorEmail() }}
          running={running}
          onSubmit={onSubmit}
          queryRef={queryRef}
        />
      </AuditFormSection>
    </>
  );
}
