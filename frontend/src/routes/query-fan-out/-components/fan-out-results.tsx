import type { FanOutAnswer, WebsiteAnalysisItem } from '@agency/shared';
import type { Ref } from 'react';
import { CheckIcon, CloseIcon } from '../../../components/icons';
import { StatsStrip } from '../../../components/stats-strip';

interface FanOutResultsProps {
  keyword: string;
  website: string;
  answer: FanOutAnswer;
  headingRef: Ref<HTMLHeadingElement>;
}

/** The generated queries and, per query, whether the visitor's site answers it (all plain text). */
export function FanOutResults({ keyword, website, answer, headingRef }: FanOutResultsProps) {
  const items = answer.websiteAnalysis;
  const found = items.filter((item) => item.found).length;
  const coverage = items.length > 0 ? Math.round((found / items.length) * 100) : 0;

  return (
    <section className="section section-tight tool-results" aria-labelledby="fan-out-results-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Results</p>
          <h2 id="fan-out-results-title" ref={headingRef} tabIndex={-1}>
            The questions behind “{keyword}”
          </h2>
          <p className="lede">
            Website coverage: {found} / {items.length} queries found on <span className="break-anywhere">{website}</span>
          </p>
        </div>
        <StatsStrip
          stats={[
            { value: String(answer.queries.length), label: 'Related queries' },
            { value: String(found), label: 'Answered by your site' },
            { value: String(items.length - found), label: 'Gaps to fill' },
            { value: `${coverage}%`, label: 'Coverage' },
          ]}
        />

        <h3 className="results-subhead">Generated queries</h3>
        <ol className="chip-list query-chips">
          {answer.queries.map((query, index) => (
            <li className="chip" key={`${index}-${query}`}>
              {query}
            </li>
          ))}
        </ol>

        <h3 className="results-subhead">Website analysis</h3>
        {items.length === 0 ? (
          <p className="empty-state">No website analysis came back for these queries.</p>
        ) : (
          <ul className="coverage-list">
            {items.map((item, index) => (
              <CoverageCard key={`${index}-${item.query}`} item={item} />
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function CoverageCard({ item }: { item: WebsiteAnalysisItem }) {
  return (
    <li className={item.found ? 'card coverage-card is-found' : 'card coverage-card'}>
      <div className="coverage-head">
        <h4>{item.query}</h4>
        {item.found ? (
          <span className="badge badge-success">
            <CheckIcon width={14} height={14} /> Found
          </span>
        ) : (
          <span className="badge badge-warning">
            <CloseIcon width={14} height={14} /> Not found
          </span>
        )}
      </div>
      {item.content ? (
        <figure className="coverage-passage">
          <figcaption>From your website</figcaption>
          <blockquote>{item.content}</blockquote>
        </figure>
      ) : null}
      {item.suggestions.length > 0 ? (
        <>
          <p className="coverage-label">{item.found ? 'Make it stronger' : 'How to cover it'}</p>
          <ul className="coverage-suggestions">
            {item.suggestions.map((suggestion, index) => (
              <li key={`${index}-${suggestion}`}>{suggestion}</li>
            ))}
          </ul>
        </>
      ) : null}
    </li>
  );
}
