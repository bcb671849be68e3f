import { Inject, Injectable } from '@nestjs/common';
import { MODEL_PROVIDER_IDS, type ModelProviderId, type WebsiteCheck } from '@agency/shared';
import type { ToolsConfig } from '../config/tools-config.js';
import { TOOLS_CONFIG } from '../config/tools-config.provider.js';
import { ToolRecords } from '../database/tool-records.js';
import type { SemanticExpansionAnswer, ToolJobResult, WebsiteAnalysisItem } from '../jobs/tool-jobs.js';
import { ModelFleet } from '../models/model-fleet.js';
import { findBestPassages } from '../website/passage-matcher.js';
import { type CrawlReport, SiteCrawler } from '../website/site-crawler.js';
import type { ToolJob, ToolJobContext, ToolJobHandler } from '../worker/tool-job-handler.js';
import { coverageFor, notChecked } from './semantic-expansion-coverage.js';
import { medianCountReasoning, mergePasses } from './semantic-expansion-passes.js';
import { SEMANTIC_EXPANSION_TOOL } from './semantic-expansion.tool.js';
import { checkSemanticExpansion, checkJudgement, semanticExpansionRequest, type GeneratedPass, type Judgement, judgementRequest } from './semantic-expansion-prompts.js';

/** Structured output is asked of the first provider with a key; the next one takes over if it fails. */
const PROVIDER_ORDER: readonly ModelProviderId[] = MODEL_PROVIDER_IDS;
const PASSAGES_PER_QUERY = 3;

export const GENERATOR_UNAVAILABLE = 'The query generator is unavailable right now. Please try again in a few minutes.';
const NO_PAGES = 'The site did not return any readable pages.';
const NO_JUDGE = 'No model could judge the coverage, so a simple word match was used.';

/**
 * Writes the query fan-out in several independent passes while the visitor's site is read, merges
 * the passes into weighted queries, then judges which of them the site covers (docs/architecture.md).
 */
@Injectable()
export class SemanticExpansionHandler implements ToolJobHandler<'semantic-expansion'> {
  constructor(
    private readonly fleet: ModelFleet,
    private readonly crawler: SiteCrawler,
    private readonly records: ToolRecords,
    @Inject(TOOLS_CONFIG) private readonly config: ToolsConfig,
  ) {}

  async handle(job: ToolJob<'semantic-expansion'>, { progress, signal }: ToolJobContext): Promise<ToolJobResult<'semantic-expansion'>> {
    const { keyword, website } = job.data;
    // The crawl runs while the model writes the queries; neither waits for the other.
    progress.report({ type: 'stage', stage: 'generating-queries', status: 'running' });
    progress.report({ type: 'stage', stage: 'reading-website', status: 'running' });
    const [passes, crawl] = await Promise.all([
      this.generate(keyword, signal).then((answered) => {
        progress.report(
          answered.length === 0
            ? { type: 'stage', stage: 'generating-queries', status: 'failed', message: GENERATOR_UNAVAILABLE }
            : { type: 'stage', stage: 'generating-queries', status: 'finished', message: `${countOf(mergePasses(answered).length, 'query', 'queries')} from ${countOf(answered.length, 'pass', 'passes')}` },
        );
        return answered;
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
    if (passes.length === 0) {
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'skipped' });
      return { ok: false, status: 503, message: GENERATOR_UNAVAILABLE };
    }
    const fanOut = mergePasses(passes);
    const websiteCheck = checkOf(crawl);

    let websiteAnalysis: WebsiteAnalysisItem[];
    if (websiteCheck.status === 'read') {
      const matches = fanOut.map(({ query }) => findBestPassages(crawl.pages, query, PASSAGES_PER_QUERY));
      const items = fanOut.map(({ query }, index) => ({ query, passages: (matches[index] ?? []).map((match) => match.text) }));
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'running' });
      const judged = await this.fleet.askFirst(PROVIDER_ORDER, judgementRequest(website, items), checkJudgement(items.length), signal);
      const judgements = judged.provider === undefined ? new Map<number, Judgement>() : judged.value;
      progress.report(
        judged.provider === undefined
          ? { type: 'stage', stage: 'judging-coverage', status: 'failed', message: NO_JUDGE }
          : { type: 'stage', stage: 'judging-coverage', status: 'finished' },
      );
      websiteAnalysis = fanOut.map((item, index) => coverageFor(item.query, matches[index] ?? [], judgements.get(index), item.routingFormat));
    } else {
      progress.report({ type: 'stage', stage: 'judging-coverage', status: 'skipped' });
      websiteAnalysis = fanOut.map(({ query }) => notChecked(query));
    }

    const answer: SemanticExpansionAnswer = {
      queries: fanOut.map(({ query }) => query),
      fanOut,
      countReasoning: medianCountReasoning(passes),
      passes: passes.length,
      websiteCheck,
      websiteAnalysis,
    };
    await this.store(job, answer);
    return { ok: true, answer };
  }

  /**
   * A run of the same keyword, site and address within the hour after one whose site could not be
   * read is that run retried ("Retry the website check"): it replaces that record's results rather
   * than adding a second record. The stored JSON is ours (JSON.stringify, websiteCheck's status first).
   */
  private async store(job: ToolJob<'semantic-expansion'>, answer: SemanticExpansionAnswer): Promise<void> {
    const { keyword, website, email } = job.data;
    const retried = await this.records
      .recordsOf(SEMANTIC_EXPANSION_TOOL)
      .createQueryBuilder('record')
      .select('record.id')
      .where('lower(record.email) = lower(:email) AND record.keyword = :keyword AND record.website = :website AND record.job_id <> :jobId', {
        email,
        keyword,
        website,
        jobId: job.id,
      })
      .andWhere(`record.created_at > now() - interval '1 hour'`)
      .andWhere(`record.results LIKE '%"websiteCheck":{"status":"unreadable"%'`)
      .orderBy('record.created_at', 'DESC')
      .addOrderBy('record.id', 'DESC')
      .getOne();
    const results = JSON.stringify(answer);
    await this.records.store(SEMANTIC_EXPANSION_TOOL, {
      jobId: job.id,
      email,
      question: keyword,
      values: retried ? { results } : { keyword, website, email, results },
      ...(retried ? { replacing: retried.id } : {}),
      visitorEmail: {
        kind: 'fan-out-results',
        subject: 'Your Semantic Expansion results',
        payload: { keyword, website, queries: answer.queries.slice(0, 10), total: answer.queries.length, resultsUrl: `${this.records.publicSiteUrl}/query-fan-out` },
      },
    });
  }

  /** The passes run side by side, each starting with a different provider so that several models take part when they can. */
  private async generate(keyword: string, signal: AbortSignal): Promise<GeneratedPass[]> {
    const count = this.config.semanticExpansionPasses;
    const outcomes = await Promise.all(
      Array.from({ length: count }, (_, index) => {
        const order = [...PROVIDER_ORDER.slice(index % PROVIDER_ORDER.length), ...PROVIDER_ORDER.slice(0, index % PROVIDER_ORDER.length)];
        return this.fleet.askFirst(order, semanticExpansionRequest(keyword, index + 1, count), checkSemanticExpansion, signal);
      }),
    );
    return outcomes.flatMap((outcome) => (outcome.provider === undefined ? [] : [outcome.value]));
  }
}

function checkOf(crawl: CrawlReport): WebsiteCheck {
  if (crawl.pages.length > 0) return { status: 'read', pagesRead: crawl.pages.length };
  return { status: 'unreadable', pagesRead: 0, warning: `We could not read your website: ${crawl.problems[0] ?? NO_PAGES}` };
}

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}
