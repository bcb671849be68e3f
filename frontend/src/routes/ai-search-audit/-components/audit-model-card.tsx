import { DECLINED_BADGE, responseSegments, type AuditCitation } from '@agency/shared';
import type { ReactNode } from 'react';
import { ModelWaiting } from '../../../components/model-waiting';
import { SearchSuggestions } from './audit-search-suggestions';
import { mentionSegments, type HighlightName } from './audit-mentions';
import { UNAVAILABLE_TEXT, type AnswerSources, type AuditModelCardState } from './audit-model-states';
import { sourceDomain, sourceHref } from './audit-sources';

const BADGES: Record<AuditModelCardState['kind'], string> = {
  waiting: 'Waiting',
  active: 'Active',
  declined: DECLINED_BADGE,
  error: 'Error',
  unavailable: 'Unavailable',
};
/** A model that has given every answer it was asked for is no longer active. */
const ANSWERED_BADGE = 'Answered';

/** Said under an answer the model's length limit cut short. */
export const CUT_OFF_TEXT = 'Cut off: this answer stopped at the model’s length limit, so it is incomplete. It is not counted in the figures.';

interface AuditModelCardProps {
  /** Unique on the page: the card's source anchors are named after it. */
  id: string;
  label: string;
  state: AuditModelCardState;
  /** Mentions of these names are highlighted in the answer (the visitor's own apart). */
  highlights?: readonly HighlightName[] | undefined;
  /** What follows the answer: the engine's other answers and how it treated the brand. */
  extra?: ReactNode;
  /** Every answer of this model is in: an answering card says 'Answered' rather than 'Active'. */
  finished?: boolean;
}

/** One model's answer as plain text (never HTML; line breaks kept) with its sources and searches, or why there is none. */
export function AuditModelCard({ id, label, state, highlights, extra, runs, finished }: AuditModelCardProps & { runs?: string | undefined }) {
  return (
    <li className={`card audit-model-card is-${state.kind}`}>
      <div className="audit-model-head">
        <h3>{label}</h3>
        {runs ? <span className="audit-runs">{runs}</span> : null}
        <span className={`badge audit-status is-${state.kind}${finished && state.kind === 'active' ? ' is-answered' : ''}`}>
          {finished && state.kind === 'active' ? ANSWERED_BADGE : BADGES[state.kind]}
        </span>
      </div>
      <ModelCardBody id={id} label={label} state={state} highlights={highlights} />
      {extra}
    </li>
  );
}

function ModelCardBody({ id, label, state, highlights }: AuditModelCardProps) {
  switch (state.kind) {
    case 'waiting':
      return <ModelWaiting label={label} />;
    case 'active':
      return (
        <>
          <p className="audit-answer">
            <AnswerText id={id} answer={state.answer} citations={state.citations} highlights={highlights} />
            {state.cutOff ? <span className="audit-cut-off-mark"> […]</span> : null}
          </p>
          {state.cutOff ? (
            <p className="audit-cut-off" role="note">
              {CUT_OFF_TEXT}
            </p>
          ) : null}
          <SearchedFor sources={state} />
          {state.searchSuggestions ? <SearchSuggestions html={state.searchSuggestions} /> : null}
          <SourceList id={id} citations={state.citations} />
        </>
      );
    case 'declined':
      return <p className="audit-model-message">{state.message}</p>;
    case 'error':
      return <p className="audit-model-message">{state.message}</p>;
    case 'unavailable':
      return <p className="audit-model-message">{UNAVAILABLE_TEXT}</p>;
  }
}

/** The answer's words, brand names highlighted, each source marker a link to its source below. */
export function AnswerText({ id, answer, citations, highlights }: { id: string; answer: string; citations: AuditCitation[]; highlights: readonly HighlightName[] | undefined }) {
  const segments = responseSegments(answer, citations.length);
  return segments.map((whole, index) => {
    // A marker sits against the words it supports, as a footnote does.
    const next = segments[index + 1];
    const segment = 'text' in whole && next && 'source' in next ? { text: whole.text.trimEnd() } : whole;
    if ('source' in segment) {
      const citation = citations[segment.source - 1]!;
      return (
        <a key={index} className="audit-source-marker" href={`#${id}-source-${segment.source}`} aria-label={`Source ${segment.source}: ${sourceDomain(citation.url)}`}>
          [{segment.source}]
        </a>
      );
    }
    if (!highlights?.length) return segment.text;
    return mentionSegments(segment.text, highlights).map((part, at) =>
      part.mention ? (
        <mark key={`${index}-${at}`} className={part.mention.own ? 'is-own' : 'is-brand'}>
          {part.text}
        </mark>
      ) : (
        part.text
      ),
    );
  });
}

/** What the model searched for, or that it answered without searching (unknown for answers that do not say). */
function SearchedFor({ sources }: { sources: AnswerSources }) {
  if (sources.searchQueries.length > 0) {
    return (
      <p className="audit-searched">
        <span className="audit-searched-label">Searched for:</span> {sources.searchQueries.map((query) => `“${query}”`).join(', ')}
      </p>
    );
  }
  if (sources.grounded === undefined) return null;
  return <p className="audit-searched">{sources.grounded ? 'Searched the web.' : 'Answered from memory, without searching the web.'}</p>;
}

/**
 * The cited pages: the site, then the page's title linking to it. Links to other sites: opened
 * apart from this page, without our address and without our endorsement; only http(s).
 */
export function SourceList({ id, citations }: { id: string; citations: AuditCitation[] }) {
  if (citations.length === 0) return <p className="audit-sources-none">No sources cited.</p>;
  return (
    <div className="audit-sources">
      <h4 id={`${id}-sources`} className="audit-sources-title">
        Sources
      </h4>
      <ol className="audit-source-list" aria-labelledby={`${id}-sources`}>
        {citations.map((citation, index) => {
          const href = sourceHref(citation.url);
          const domain = sourceDomain(citation.url);
          return (
            <li key={index} id={`${id}-source-${index + 1}`}>
              {/* Gemini titles its sources with the site's name: shown once. */}
              {domain.toLowerCase() === citation.title.trim().toLowerCase() ? null : <span className="audit-source-domain">{domain}</span>}
              {href ? (
                <a className="audit-source-link" href={href} target="_blank" rel="noopener noreferrer nofollow">
                  {citation.title}
                </a>
              ) : (
                <span className="audit-source-link">{citation.title}</span>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
