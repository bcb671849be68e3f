import type { WebsiteAnalysisItem } from '@agency/shared';
import { tokenize, type PassageMatch } from '../website/passage-matcher.js';
import type { Judgement } from './semantic-expansion-prompts.js';

const MAX_CONTENT_CHARS = 600;
/** Share of a query's content words a passage must hold, when no model could judge. */
const COVERED_SHARE = 0.6;
const PARTIAL_SHARE = 0.3;

export const NOT_CHECKED_REASON = 'Not checked: your website could not be read.';

/** The verdict for a query whose site could not be read: no coverage claimed either way. */
export function notChecked(query: string): WebsiteAnalysisItem {
  return { query, found: false, coverage: 'not-checked', reason: NOT_CHECKED_REASON, suggestions: [] };
}

/**
 * The verdict for one query on a site that was read. A model's judgement decides between covered,
 * partial and gap, but a query with no matching passage is a gap whatever a model says; without a
 * judgement the share of the query's words in the best passage decides.
 */
export function coverageFor(query: string, matches: readonly PassageMatch[], judgement: Judgement | undefined, routingFormat: string): WebsiteAnalysisItem {
  const best = matches[0];
  const suggestions = judgement && judgement.suggestions.length > 0 ? judgement.suggestions : fallbackSuggestions(query, routingFormat);
  if (best === undefined) {
    return { query, found: false, coverage: 'gap', reason: 'No passage on the pages read mentions this.', suggestions };
  }
  const coverage = judgement?.coverage ?? verdictByWords(query, best.text);
  const reason = judgement?.reason || wordReason(coverage);
  const passage = coverage === 'gap' ? {} : { content: clip(best.text), url: best.url };
  return { query, found: coverage === 'covered', coverage, reason, ...passage, suggestions };
}

/** How much of the query's content the passage holds: covered at 60%, partial at 30%. */
export function verdictByWords(query: string, passage: string): 'covered' | 'partial' | 'gap' {
  const wanted = [...new Set(tokenize(query))];
  if (wanted.length === 0) return 'gap';
  const present = new Set(tokenize(passage));
  const share = wanted.filter((term) => present.has(term)).length / wanted.length;
  return share >= COVERED_SHARE ? 'covered' : share >= PARTIAL_SHARE ? 'partial' : 'gap';
}

function wordReason(coverage: 'covered' | 'partial' | 'gap'): string {
  switch (coverage) {
    case 'covered':
      return 'A passage uses most of the words of this query.';
    case 'partial':
      return 'A passage touches this topic but does not answer it.';
    case 'gap':
      return 'The closest passage is about something else.';
  }
}

function fallbackSuggestions(query: string, routingFormat: string): string[] {
  return [
    `Answer "${query}" directly in the first two sentences of a section headed with those words.`,
    `A ${routingFormat || 'dedicated page'} is the format most likely to be cited for it; back it with figures, sizes or prices.`,
  ];
}

function clip(text: string): string {
  return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS - 1).trimEnd()}…` : text;
}
