import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS } from '@agency/shared';
import { useSuspenseQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { auditReportQuery } from '../../../api/audit-report-queries';
import { DemoBanner } from '../../../components/demo-banner';
import { formatLongDate } from '../../../format/date-format';
import { AuditResults } from './audit-results';
import './ai-search-audit.css';

const route = getRouteApi('/ai-search-audit/report/$reportId');

/** A stored audit report: the question, when it was asked and of which models, then the full results. */
export default function AuditReportPage() {
  const { reportId } = route.useParams();
  const { data: report } = useSuspenseQuery(auditReportQuery(reportId));
  const models = MODEL_PROVIDER_IDS.map((id) => {
    const model = report.models[AUDIT_MODEL_KEYS[id]];
    return model ? `${MODEL_PROVIDER_LABELS[id]} (${model})` : MODEL_PROVIDER_LABELS[id];
  });
  return (
    <>
      <DemoBanner simulated={report.simulated} />
      <AuditResults
        answer={report}
        brand={report.brand}
        website={report.website}
        simulated={report.simulated}
        heading={
          <>
            <p className="eyebrow">AI Search Audit report</p>
            <h1 id="audit-results-title">What AI says about this question</h1>
            <p className="lede audit-results-query">“{report.query}”</p>
            <ul className="audit-report-meta">
              <li>
                Asked on <time dateTime={report.createdAt}>{formatLongDate(report.createdAt)}</time>
              </li>
              {report.brand ? <li>Brand: {report.brand}</li> : null}
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
    </>
  );
}
