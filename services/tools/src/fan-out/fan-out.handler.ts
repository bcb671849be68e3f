import { Injectable } from '@nestjs/common';
import type { ModelProviderId } from '@agency/shared';
import { ToolRecords } from '../database/tool-records.js';
import type { FanOutAnswer, ToolJobResult, WebsiteAnalysisItem } from '../jobs/tool-jobs.js';
import { ModelFleet } from '../models/model-fleet.js';
import { findBestPassages } from '../website/passage-matcher.js';
import { type CrawlReport, SiteCrawler } from '../website/site-crawler.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';
import { checkFanOut, checkJudgement, fanOutRequest, type Judgement, judgementRequest } from './fan-out-prompts.js';

/** Structured output is asked of the first provider with a key; the next one takes over if it fails. */
const PROVIDER_ORDER: readonly ModelProviderId[] = ['openai', 'anthropic', 'gemini', 'xai'];
const PASSAGES_PER_QUERY = 3;
const MAX_CONTENT_CHARS = 600;

export const GENERATOR_UNAVAILABLE = 'The query generator is unavailable right now. Please try again in a few minutes.';
const NO_PAGES = 'The site did not return any readable pages.';
const NO_JUDGE = 'No model could judge the coverage, so a simple word match was used.';

/** Writes the query fan-out while the visitor's site is read, then judges which queries the site covers. */
@Injectable()
export class FanOutHandler implements ToolJobHandler<'fan-out'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly crawler: SiteCrawler,
    private readonly records: ToolRecords,
  ) {}

  async handle(job: ToolJob<'fan-out'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'fan-out'>> {
    const { keyword, website } = job.data;
    // The crawl runs while the model writes the queries; neither waits for the other.
    progress.report({ type: 'stage', stage: 'generating-queries', status: 'running' });
    progress.report({ type: 'stage', stage: 'reading-website', status: 'running' });
    const [generated, crawl] = await Promise.all([
      this.fleet.askFirst(PROVIDER_ORDER, fanOutRequest(keyword), checkFanOut, signal).then((outcome) => {
        progress.report(
          outcome.provider === undefined
            ? { type: 'stage', stage: 'generating-queries', status: 'failed', message: GENERATOR_UNAVAILABLE }
            : { type: 'stage', stage: 'generating-queries', status: 'finished', message: countOf(outcome.value.length, 'query', 'queries') },
        );
        return outcome;
      }),
      this.crawler.crawl(new URL(website), signal).then((report) => {
        progress.report(
          report.pages.length === 0
            ? { type: 'stage', stage: 'reading-website', status: 'failed', message: report.problems[0] ?? NO_PAGES }
            : { type: 'stage', stage: 'reading-website', status: 'finished', message: `${countOf(report.pages.length, 'page', 'pages')} read` },
        );
        return report;
      }),
    ]);
    if (generated.provider === undefined) {
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'skipped' });
      return { ok: false, status: 503, message: GENERATOR_UNAVAILABLE };
    }
    const queries = generated.value;

    const matches = queries.map((query) => findBestPassages(crawl.pages, query, PASSAGES_PER_QUERY));
    const items = queries.map((query, index) => ({ query, passages: (matches[index] ?? []).map((match) => match.text) }));
    let judgements = new Map<number, Judgement>();
    if (crawl.pages.length > 0) {
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'running' });
      const judged = await this.fleet.askFirst(PROVIDER_ORDER, judgementRequest(website, items), checkJudgement(items.length), signal);
      if (judged.provider !== undefined) judgements = judged.value;
      progress.report(
        judged.provider === undefined
          ? { type: 'stage', stage: 'judging-coverage', status: 'failed', message: NO_JUDGE }
          : { type: 'stage', stage: 'judging-coverage', status: 'finished' },
      );
    } else {
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'skipped' });
    }

    const websiteAnalysis = items.map((item, index) => analyse(item.query, item.passages, judgements.get(index), crawl));
    const answer: FanOutAnswer = { queries, websiteAnalysis };
    await this.records.saveFanOut(job.id, job.data, answer);
    return { ok: true, answer };
  }
}

function analyse(query: string, passages: string[], judgement: Judgement | undefined, crawl: CrawlReport): WebsiteAnalysisItem {
  const best = passages[0];
  if (crawl.pages.length === 0) {
    const reason = crawl.problems[0] ?? NO_PAGES;
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

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function clip(text: string): string {
  return text.length > MAX_CONTENT_CHARS ? `${text.slice(0, MAX_CONTENT_CHARS - 1).trimEnd()}…` : text;
}
