import type { FanOutAnswer, FanOutPayload, ToolJobResult, WebsiteAnalysisItem } from '../jobs/tool-jobs.js';
import type { ModelFleet } from '../models/model-fleet.js';
import type { ProviderId } from '../models/provider-ids.js';
import type { ToolRecords } from '../database/tool-records.js';
import { findBestPassages } from '../website/passage-matcher.js';
import type { CrawlReport, SiteCrawler } from '../website/site-crawler.js';
import { checkFanOut, checkJudgement, fanOutRequest, type Judgement, judgementRequest } from './fan-out-prompts.js';

/** Structured output is asked of the first provider with a key; the next one takes over if it fails. */
const PROVIDER_ORDER: readonly ProviderId[] = ['openai', 'anthropic', 'gemini', 'xai'];
const PASSAGES_PER_QUERY = 3;
const MAX_CONTENT_CHARS = 600;

export const GENERATOR_UNAVAILABLE = 'The query generator is unavailable right now. Please try again in a few minutes.';

export interface FanOutDependencies {
  fleet: ModelFleet;
  crawler: SiteCrawler;
  records: ToolRecords;
}

export async function runFanOut(
  jobId: string,
  payload: FanOutPayload,
  { fleet, crawler, records }: FanOutDependencies,
  signal: AbortSignal,
): Promise<ToolJobResult<'fan-out'>> {
  // The crawl runs while the model writes the queries; neither waits for the other.
  const [generated, crawl] = await Promise.all([
    fleet.askFirst(PROVIDER_ORDER, fanOutRequest(payload.keyword), checkFanOut, signal),
    crawler.crawl(new URL(payload.website), signal),
  ]);
  if (generated.provider === undefined) return { ok: false, status: 503, message: GENERATOR_UNAVAILABLE };
  const queries = generated.value;

  const matches = queries.map((query) => findBestPassages(crawl.pages, query, PASSAGES_PER_QUERY));
  const items = queries.map((query, index) => ({ query, passages: (matches[index] ?? []).map((match) => match.text) }));
  const judged =
    crawl.pages.length > 0
      ? await fleet.askFirst(PROVIDER_ORDER, judgementRequest(payload.website, items), checkJudgement(items.length), signal)
      : undefined;
  const judgements = judged?.provider !== undefined ? judged.value : new Map<number, Judgement>();

  const websiteAnalysis = items.map((item, index) => analyse(item.query, item.passages, judgements.get(index), crawl));
  const answer: FanOutAnswer = { queries, websiteAnalysis };
  await records.saveFanOut(jobId, payload, answer);
  return { ok: true, answer };
}

function analyse(query: string, passages: string[], judgement: Judgement | undefined, crawl: CrawlReport): WebsiteAnalysisItem {
  const best = passages[0];
  if (crawl.pages.length === 0) {
    const reason = crawl.problems[0] ?? 'The site did not return any readable pages.';
    return { query, found: false, suggestions: [`We could not read your website: ${reason}`, ...fallbackSuggestions(query)] };
  }
  // A query counts as covered only when the site has a passage for it, whatever a model says.
  const found = best !== undefined && (judgement ? judgement.found : coversQuery(best, query));
  const suggestions = judgement && judgement.suggestions.length > 0 ? judgement.suggestions : fallbackSuggestions(query);
  return { query, found, ...(found && best ? { content: clip(best) } : {}), suggestions };
}

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'are', 'what', 'which', 'how', 'best', 'does', 'can', 'you', 'your', 'from', 'that', 'this']);

/** Used only when no model could judge: most of the query's content words appear in the passage. */
export function coversQuery(passage: string, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length >= 3 && !STOP_WORDS.has(word));
  if (words.length === 0) return false;
  const text = passage.toLowerCase();
  return words.filter((word) => text.includes(word)).length / words.length >= 0.6;
}

function fallbackSuggestions(query: string): string[] {
  return [
    `Add a page section that answers "${query}" directly in its first two sentences.`,
    `Use the shopper's own words from "${query}" in a heading, and back the answer with specifics such as figures, ingredients, sizes or comparisons.`,
  ];
}

function clip(text: string): string {
  return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS - 1).trimEnd()}…` : text;
}
