import { coverageShare, SEMANTIC_EXPANSION_TYPES, type CoverageVerdict, type SemanticExpansionAnswer, type SemanticExpansionQuery, type SemanticExpansionType, type WebsiteAnalysisItem } from '@agency/shared';
import { Link } from '@tanstack/react-router';
import type { Ref } from 'react';
import { StatsStrip } from '../../../components/stats-strip';
import { csvFileName, downloadCsv, semanticExpansionCsv } from './semantic-expansion-csv';

const TYPE_LABELS: Record<SemanticExpansionType, string> = {
  reformulation: 'Reformulation',
  related: 'Related',
  implicit: 'Implicit',
  comparative: 'Comparative',
  'entity expansion': 'Entity expansion',
  personalised: 'Personalised',
};

const VERDICTS: Record<CoverageVerdict, { label: string; badge: string }> = {
  covered: { label: 'Covered', badge: 'badge badge-success' },
  partial: { label: 'Partial', badge: 'badge badge-warning' },
  gap: { label: 'Gap', badge: 'badge badge-danger' },
  'not-checked': { label: 'Not checked', badge: 'badge badge-muted' },
};

/**
 * The audit page's search: the query and the visitor's site filled in. The email follows in
 * memory (rememberVisitorEmail), never in the address.
 */
export function auditSearch(query: string, website: string): { q: string; website?: string } {
  return { q: query, ...(website ? { website } : {}) };
}

/** The queries grouped by type (in the types' fixed order), heaviest first inside each group. */
export function groupByType(fanOut: readonly SemanticExpansionQuery[]): { type: SemanticExpansionType; queries: SemanticExpansionQuery[] }[] {
  return SEMANTIC_EXPANSION_TYPES.map((type) => ({
    type,
    queries: fanOut.filter((item) => item.type === type).sort((a, b) => b.weight - a.weight),
  })).filter((group) => group.queries.length > 0);
}

interface SemanticExpansionResultsProps {
  keyword: string;
  website: string;
  answer: SemanticExpansionAnswer;
  headingRef: Ref<HTMLHeadingElement>;
  /** Runs the same request again (shown when the site could not be read). */
  onRetry: () => void;
  retrying: boolean;
}

/** A compact table of the expansion's queries, by type and weight, with each query's coverage on the visitor's site (all plain text). */
export function SemanticExpansionResults({ keyword, website, answer, headingRef, onRetry, retrying }: SemanticExpansionResultsProps) {
  const coverageOf = new Map(answer.websiteAnalysis.map((item) => [item.query, item]));
  const count = (verdict: CoverageVerdict) => answer.websiteAnalysis.filter((item) => item.coverage === verdict).length;
  const share = coverageShare(answer.websiteAnalysis);
  const unreadable = answer.websiteCheck.status === 'unreadable';

  return (
    <section className="section section-tight tool-results semantic-expansion-results" aria-labelledby="semantic-expansion-results-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Results</p>
          <h2 id="semantic-expansion-results-title" ref={headingRef} tabIndex={-1}>
            The questions behind “{keyword}”
          </h2>
          <p className="lede">
            {answer.fanOut.length} queries from {answer.passes} {answer.passes === 1 ? 'pass' : 'passes'}, checked against{' '}
            <span className="break-anywhere">{website}</span>. Weight is the share of passes that produced a query.
          </p>
        </div>

        {unreadable ? (
          <div className="semantic-expansion-warning" role="alert">
            <p>
              <strong>Your website was not checked.</strong> {answer.websiteCheck.warning}
            </p>
            <p>Coverage below reads “Not checked” until your site can be read; the queries are still worth acting on.</p>
            <button type="button" className="btn btn-secondary" onClick={onRetry} disabled={retrying}>
              {retrying ? 'Retrying...' : 'Retry the website check'}
            </button>
          </div>
        ) : null}

        <StatsStrip
          stats={[
            { value: String(answer.fanOut.length), label: 'Related queries' },
            { value: unreadable ? '–' : String(count('covered')), label: 'Covered by your site' },
            { value: unreadable ? '–' : String(count('partial')), label: 'Partly covered' },
            { value: share === null ? 'Not checked' : `${Math.round(share * 100)}%`, label: 'Coverage' },
          ]}
        />

        {answer.countReasoning ? (
          <p className="semantic-expansion-why">
            <strong>How many queries, and why:</strong> {answer.countReasoning}{' '}
            {answer.passes > 1 ? `Merging ${answer.passes} passes gave ${answer.fanOut.length}.` : ''}
          </p>
        ) : null}

        <div className="semantic-expansion-toolbar">
          <button type="button" className="btn btn-secondary" onClick={() => downloadCsv(csvFileName(keyword), semanticExpansionCsv(answer))}>
            Download CSV
          </button>
        </div>

        {groupByType(answer.fanOut).map(({ type, queries }) => (
          <div className="semantic-expansion-group" key={type}>
            <h3 className="semantic-expansion-type">
              {TYPE_LABELS[type]} <span className="semantic-expansion-type-count">{queries.length}</span>
            </h3>
            <table className="semantic-expansion-table">
              <thead>
                <tr>
                  <th scope="col">Query</th>
                  <th scope="col">Weight</th>
                  <th scope="col">Intent and format</th>
                  <th scope="col">Your site</th>
                </tr>
              </thead>
              <tbody>
                {queries.map((item) => (
                  <QueryRow key={item.query} item={item} passes={answer.passes} coverage={coverageOf.get(item.query)} website={website} />
                ))}
              </tbody>
            </table>
          </div>
        ))}
      </div>
    </section>
  );
}

function QueryRow({ item, passes, coverage, website }: { item: SemanticExpansionQuery; passes: number; coverage: WebsiteAnalysisItem | undefined; website: string }) {
  const verdict = VERDICTS[coverage?.coverage ?? 'not-checked'];
  const produced = Math.round(item.weight * passes);
  return (
    <tr className="semantic-expansion-row">
      <td className="semantic-expansion-query">
        <span className="semantic-expansion-query-text">{item.query}</span>
        <Link className="semantic-expansion-audit-link" to="/ai-search-audit" search={auditSearch(item.query, website)}>
          Check in AI Search Audit
        </Link>
      </td>
      <td className="semantic-expansion-weight" data-label="Weight">
        <span className="weight-bar" aria-hidden="true">
          <span style={{ width: `${Math.round(item.weight * 100)}%` }} />
        </span>
        <span>
          {produced} of {passes}
        </span>
      </td>
      <td className="semantic-expansion-intent">
        <span>{item.userIntent}</span>
        <span className="semantic-expansion-format">{item.routingFormat}</span>
        {item.reasoning ? (
          <details>
            <summary>Why the engine asks this</summary>
            <p>{item.reasoning}</p>
          </details>
        ) : null}
      </td>
      <td className="semantic-expansion-coverage">
        <span className={verdict.badge}>{verdict.label}</span>
        {coverage && coverage.coverage !== 'not-checked' ? <CoverageDetail item={coverage} /> : null}
      </td>
    </tr>
  );
}

function CoverageDetail({ item }: { item: WebsiteAnalysisItem }) {
  const page = item.url ? pageAddress(item.url) : undefined;
  return (
    <>
      <span className="semantic-expansion-reason">{item.reason}</span>
      {page ? (
        <a className="semantic-expansion-page break-anywhere" href={page.href} target="_blank" rel="noopener noreferrer nofollow">
          {page.label}
        </a>
      ) : null}
      {item.content || item.suggestions.length > 0 ? (
        <details>
          <summary>{item.content ? 'Passage and next steps' : 'How to cover it'}</summary>
          {item.content ? <blockquote className="semantic-expansion-passage">{item.content}</blockquote> : null}
          {item.suggestions.length > 0 ? (
            <ul className="coverage-suggestions">
              {item.suggestions.map((suggestion) => (
                <li key={suggestion}>{suggestion}</li>
              ))}
            </ul>
          ) : null}
        </details>
      ) : null}
    </>
  );
}

/** Only http(s) addresses become links; the label is the page's path. */
function pageAddress(url: string): { href: string; label: string } | undefined {
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    return { href: parsed.href, label: `${parsed.host}${parsed.pathname === '/' ? '' : parsed.pathname}` || parsed.href };
  } catch {
    return undefined;
  }
}
