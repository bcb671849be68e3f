import type { AuditModelUsage } from '@agency/shared';

/**
 * A question asked in an engine's web-search mode, and what comes back: the answer, the pages it
 * cited and the searches it ran, in one shape whatever the provider's wire format.
 */

export interface SearchRequest {
  /** Who is asking and how to answer; never the visitor's text. */
  system: string;
  /** The visitor's question, exactly as typed. */
  query: string;
  maxOutputTokens: number;
  /** At most this many searches, where the API takes a bound (Anthropic's max_uses). */
  maxSearches: number;
}

/** Engines that cannot be made to search by a request field are asked to in their instructions. */
export const SEARCH_FIRST = 'Search the web before you answer.';

export interface Citation {
  /** An http or https address. */
  url: string;
  title: string;
  citedText?: string;
}

/** Tokens in and out and the web searches billed for one answer, as the provider reports them. */
export type ModelUsage = AuditModelUsage;

/**
 * How an answer ended: in full, cut off by its output budget (what it wrote is kept, and may be
 * empty when reasoning spent the budget), or refused by the engine.
 */
export type AnswerEnding = 'complete' | 'cut-off' | 'refused';

export interface GroundedAnswer {
  /** The answer text; sourceMark(n) stands right after the text that citations[n - 1] supports. */
  text: string;
  citations: Citation[];
  searchQueries: string[];
  /**
   * Every page the engine read for the answer, cited or not, where its API says (OpenAI's search
   * sources, Claude's search results, Gemini's grounding chunks, Perplexity's search results);
   * undefined where it does not.
   */
  retrieved?: string[];
  /** A search returned results for this answer (false: it answered from memory, or every search failed). */
  searched: boolean;
  usage: ModelUsage;
  ending: AnswerEnding;
  /** The model the provider says answered, when it says. */
  model?: string;
  /** Gemini: Google's Search Suggestions (searchEntryPoint.renderedContent), to be shown with the answer as Google provides it. */
  searchSuggestions?: string;
}

/** Usage of two calls for one answer (a retry is billed too). */
export function addUsage(a: ModelUsage, b: ModelUsage): ModelUsage {
  return { inputTokens: a.inputTokens + b.inputTokens, outputTokens: a.outputTokens + b.outputTokens, searches: a.searches + b.searches };
}

/** How much larger the budget of the one retry of a cut-off answer is. */
export const CUT_OFF_RETRY_FACTOR = 2;

/**
 * Asks once with the request's budget and, when the answer is cut off, once more with a larger
 * budget (while the signal allows); the later answer is kept, the usage of both counted.
 */
export async function retryingCutOff(request: SearchRequest, signal: AbortSignal, ask: (maxOutputTokens: number) => Promise<GroundedAnswer>): Promise<GroundedAnswer> {
  const first = await ask(request.maxOutputTokens);
  if (first.ending !== 'cut-off' || signal.aborted) return first;
  const second = await ask(request.maxOutputTokens * CUT_OFF_RETRY_FACTOR);
  return { ...second, usage: addUsage(first.usage, second.usage) };
}

/**
 * Source markers are private-use characters while the answer is cleaned as plain text (nothing
 * there touches them), and become "[n]" afterwards. Each starts with a space, so that a bare
 * address just before one never swallows it.
 */
const MARK_OPEN = '\uE000';
const MARK_CLOSE = '\uE001';

export function sourceMark(n: number): string {
  return ` ${MARK_OPEN}${n}${MARK_CLOSE}`;
}

/**
 * The cleaned answer with its marks as "[n]" (adjacent ones as "[1][2]"), marks past `sources`
 * dropped; "[n]" the model wrote itself becomes "(n)", so that every marker left is one of ours.
 */
export function renderSourceMarks(text: string, sources: number): string {
  return text
    // A mark cut in half by the length limit.
    .replace(new RegExp(`${MARK_OPEN}\\d*(?!\\d|${MARK_CLOSE})`, 'g'), '')
    .replace(/\[(\d{1,3})\]/g, '($1)')
    .replace(new RegExp(`${MARK_CLOSE}\\s+${MARK_OPEN}`, 'g'), `${MARK_CLOSE}${MARK_OPEN}`)
    .replace(new RegExp(`\\s*${MARK_OPEN}(\\d+)${MARK_CLOSE}`, 'g'), (whole, n: string) => (Number(n) <= sources ? whole : ''))
    .replace(new RegExp(`${MARK_OPEN}(\\d+)${MARK_CLOSE}`, 'g'), '[$1]')
    .replace(new RegExp(`[${MARK_OPEN}${MARK_CLOSE}]`, 'g'), '')
    .trim();
}

const MAX_URL_LENGTH = 2048;

/** The address as shown to visitors: http(s) only, no credentials, OpenAI's tracking parameter removed. */
export function citableUrl(raw: unknown): string | undefined {
  if (typeof raw !== 'string' || raw.length > MAX_URL_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '') return undefined;
  if (url.searchParams.get('utm_source') === 'openai') url.searchParams.delete('utm_source');
  return url.href;
}

/** The pages an answer cites, numbered in the order they are first cited; the same address keeps its number. */
export class CitationList {
  readonly citations: Citation[] = [];
  private readonly numbers = new Map<string, number>();

  /** The source's number, or undefined when its address is not a usable web address. */
  numberOf(source: { url: unknown; title?: unknown; citedText?: unknown }): number | undefined {
    const url = citableUrl(source.url);
    if (url === undefined) return undefined;
    const known = this.numbers.get(url);
    if (known !== undefined) return known;
    const title = typeof source.title === 'string' && source.title.trim() !== '' ? source.title : new URL(url).hostname;
    this.citations.push({ url, title, ...(typeof source.citedText === 'string' && source.citedText.trim() !== '' ? { citedText: source.citedText } : {}) });
    this.numbers.set(url, this.citations.length);
    return this.citations.length;
  }

  /** The marks of these sources (usable ones only), in order, each once. */
  marks(sources: readonly { url: unknown; title?: unknown; citedText?: unknown }[]): string {
    const numbers = sources.map((source) => this.numberOf(source)).filter((n): n is number => n !== undefined);
    return [...new Set(numbers)].map(sourceMark).join('');
  }
}

/** Part of a text that cites sources: [start, end) in string indices. */
export interface CitedSpan {
  start: number;
  end: number;
  sources: { url: unknown; title?: unknown; citedText?: unknown }[];
  /** Replace the span by the marks (it is the engine's own link); otherwise the marks go after it. */
  replace: boolean;
}

/**
 * The text with the spans' marks, numbering sources in text order. Spans out of range, or
 * overlapping an earlier one, are left out (with their sources).
 */
export function markSpans(text: string, spans: readonly CitedSpan[], list: CitationList): string {
  const ordered = spans
    .filter(({ start, end }) => Number.isInteger(start) && Number.isInteger(end) && start >= 0 && start <= end && end <= text.length)
    .sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const span of ordered) {
    if (span.start < at) continue;
    const marks = list.marks(span.sources);
    // A link whose address is unusable keeps its words: plain-text cleaning removes the address.
    out += span.replace && marks !== '' ? text.slice(at, span.start) + marks : text.slice(at, span.end) + marks;
    at = span.end;
  }
  return out + text.slice(at);
}

/** Non-negative whole numbers from a provider's usage fields; anything else counts as 0. */
export function count(...values: unknown[]): number {
  return values.reduce<number>((sum, value) => sum + (typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0), 0);
}

/** Strings, trimmed and non-empty, each once. */
export function distinctStrings(values: readonly unknown[]): string[] {
  return [...new Set(values.filter((value): value is string => typeof value === 'string').map((value) => value.trim()).filter(Boolean))];
}

/**
 * Finds where a provider's redirect link leads (Gemini cites pages through Google's redirect
 * links) without reading the page; any other link, or one that cannot be followed, comes back as it is.
 */
export interface LinkResolver {
  resolve(link: string, signal: AbortSignal): Promise<string>;
}

export const LINKS_AS_GIVEN: LinkResolver = { resolve: (link) => Promise.resolve(link) };
