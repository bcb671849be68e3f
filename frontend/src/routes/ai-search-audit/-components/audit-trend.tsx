import { AUDIT_MODEL_KEYS, MODEL_PROVIDER_IDS, MODEL_PROVIDER_LABELS, type AuditModelKey, type TrendComparison, type TrendPoint, type TrendRate } from '@agency/shared';
import { lazy, Suspense, useEffect, useState } from 'react';
import { trendCsvUrl } from '../../../api/tracking-queries';
import { formatLongDate } from '../../../format/date-format';

/** The chart and chart.js are a chunk of their own, fetched only when a report has a trend. */
const AuditTrendChart = lazy(() => import('./audit-trend-chart'));

const SCOPE_LABELS: Record<'overall' | AuditModelKey, string> = {
  overall: 'All engines',
  ...(Object.fromEntries(MODEL_PROVIDER_IDS.map((id) => [AUDIT_MODEL_KEYS[id], MODEL_PROVIDER_LABELS[id]])) as Record<AuditModelKey, string>),
};

function share(value: number): string {
  return `${Math.round(value * 100)}%`;
}

function rateText(rate: TrendRate | undefined): string {
  if (!rate || rate.answers === 0) return '–';
  return `${rate.mentionedIn} of ${rate.answers} (${share(rate.low)}–${share(rate.high)})`;
}

function ChangeList({ comparisons, against }: { comparisons: TrendComparison[]; against: TrendComparison['against'] }) {
  const list = comparisons.filter((each) => each.against === against);
  if (list.length === 0) return null;
  return (
    <div className="audit-trend-changes">
      <h3 className="h4-size">{against === 'previous' ? 'Against the previous run' : 'Against the first measurement'}</h3>
      <ul>
        {list.map((each) => (
          <li key={`${each.against}-${each.scope}`} className={each.significant ? 'audit-trend-significant' : undefined}>
            <strong>{SCOPE_LABELS[each.scope]}:</strong> {each.sentence}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The trend of a tracked question on its report: the latest run against the previous one and the
 * first, a chart, every run's figures with their 95% intervals, competitors, and the cited
 * domains gained or lost. Nothing shows until the question has been run again at least once.
 */
export function AuditTrend({ reportId, history }: { reportId: string; history: TrendPoint[] }) {
  // The chart is drawn in the browser only: the server renders the page without waiting for its chunk.
  const [inBrowser, setInBrowser] = useState(false);
  useEffect(() => setInBrowser(true), []);
  if (history.length < 2) return null;
  const latest = history[history.length - 1]!;
  const engines = MODEL_PROVIDER_IDS.map((id) => AUDIT_MODEL_KEYS[id]).filter((key) => history.some((point) => point.perModel[key]));
  return (
    <section className="section section-tight audit-section" aria-labelledby="audit-trend-title">
      <div className="container">
      <div className="card audit-trend">
      <h2 id="audit-trend-title">Trend</h2>
      <p className="audit-trend-lede">
        {history.length} measurements of this question, the latest on {formatLongDate(latest.ranAt)}. A change is called significant only when chance alone
        would produce it less than 1 time in 20 (Fisher’s exact test for small samples).
      </p>
      <p className="audit-trend-headline" role="status">
        {latest.significantChange ? `${SCOPE_LABELS[latest.significantChange.scope]}: ${latest.significantChange.sentence}` : 'No significant change'}
      </p>
      <ChangeList comparisons={latest.comparisons} against="previous" />
      <ChangeList comparisons={latest.comparisons} against="first" />
      {inBrowser ? (
        <Suspense fallback={<p className="audit-trend-chart">Loading chart...</p>}>
          <AuditTrendChart history={history} />
        </Suspense>
      ) : (
        <p className="audit-trend-chart">Loading chart...</p>
      )}
      <div className="audit-table-scroll">
        <table className="audit-trend-table">
          <caption>Answers naming the brand, with the 95% interval of the rate</caption>
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">All engines</th>
              <th scope="col">Share of voice</th>
              {engines.map((key) => (
                <th key={key} scope="col">
                  {SCOPE_LABELS[key]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {history.map((point, index) => (
              // Two runs may share a time (a run held back by the daily ceiling): the order is the key.
              <tr key={index}>
                <th scope="row">
                  <time dateTime={point.ranAt}>{formatLongDate(point.ranAt)}</time>
                </th>
                <td>{rateText(point.visibility ?? undefined)}</td>
                <td>{point.visibility ? share(point.visibility.shareOfVoice) : '–'}</td>
                {engines.map((key) => (
                  <td key={key}>{rateText(point.perModel[key])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {latest.competitors.length > 0 ? (
        <div>
          <h3 className="h4-size">Competitors in the latest run</h3>
          <ul>
            {latest.competitors.map((competitor) => (
              <li key={competitor.name}>
                {competitor.name}: {rateText(competitor)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="audit-trend-domains">
        <h3 className="h4-size">Cited sites since the previous run</h3>
        <p>Gained: {latest.domainsGained.length > 0 ? latest.domainsGained.join(', ') : 'none'}</p>
        <p>Lost: {latest.domainsLost.length > 0 ? latest.domainsLost.join(', ') : 'none'}</p>
      </div>
      <p>
        <a className="text-link" href={trendCsvUrl(reportId)} download>
          Download the trend as CSV
        </a>
      </p>
      </div>
      </div>
    </section>
  );
}
