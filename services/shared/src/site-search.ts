/** The site search (`GET /api/search?q=`): what it answers and its limits (docs/search.md). */

export type SiteSearchKind = 'post' | 'case-study' | 'video' | 'faq';

/** A run of snippet text; `match` runs are the words the query found. */
export interface SnippetPart {
  text: string;
  match: boolean;
}

export interface SiteSearchResult {
  kind: SiteSearchKind;
  title: string;
  /** The site path of the result's page (an anchor for a FAQ group). */
  path: string;
  /** Text around the best matches, matches marked. */
  snippet: SnippetPart[];
}

export interface SiteSearchAnswer {
  query: string;
  results: SiteSearchResult[];
}

export const SITE_SEARCH_LIMITS = {
  /** Characters of the query, after trimming. */
  maxQueryLength: 200,
  /** Results in one answer, best first. */
  maxResults: 20,
} as const;

export const SITE_SEARCH_MESSAGES = {
  emptyQuery: 'Enter a word or phrase to search for.',
  queryTooLong: `Searches can be up to ${SITE_SEARCH_LIMITS.maxQueryLength} characters.`,
} as const;
