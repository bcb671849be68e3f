import { effectivePort, refusalReason, STANDARD_PORTS, type TargetPolicy } from './address-policy.js';
import { describeFailure, formatBytes, formatSeconds, shownUrl } from './crawl-problems.js';
import { GuardedHttpClient, type FetchLimits } from './guarded-http-client.js';
import { decodeHtml, extractPage } from './page-text-extractor.js';
import { RobotsRules } from './robots-rules.js';
import { parseSitemap, sitemapText } from './sitemap-reader.js';

export interface SiteCrawlerOptions {
  /** The home page plus pages from the sitemap (same site only). */
  maxPages: number;
  /** Decoded bytes read per response; reading stops beyond it. */
  maxBytesPerResponse: number;
  /** Per request, redirects and a slow-drip body included. */
  requestTimeoutMs: number;
  /** For the whole crawl. */
  totalTimeMs: number;
  /** Every hop is re-validated. */
  maxRedirects: number;
  /** For example 'AgenticAgencySiteCheck/1.0 (+https://…)'; its first word is matched against robots.txt groups. */
  userAgent: string;
  /** TEST-ONLY: allow loopback/private targets and these extra ports. Production never sets them. */
  testOnlyAllowPrivateAddresses?: boolean;
  testOnlyAllowedPorts?: number[];
  /** TEST-ONLY: answer these host names with these addresses instead of asking DNS. */
  testOnlyHostAddresses?: Record<string, string>;
}

export const DEFAULT_SITE_CRAWLER_OPTIONS = {
  maxPages: 8,
  maxBytesPerResponse: 1_500_000,
  requestTimeoutMs: 5000,
  totalTimeMs: 15_000,
  maxRedirects: 3,
} as const satisfies Partial<SiteCrawlerOptions>;

export interface CrawledPage {
  url: string;
  title: string;
  passages: string[];
}

/** `problems` are readable sentences for the visitor's report, never stack traces. */
export interface CrawlReport {
  pages: CrawledPage[];
  problems: string[];
}

const PAGE_CONCURRENCY = 3;
const MAX_SITEMAP_FETCHES = 5;
const MAX_PROBLEMS = 20;
const MAX_DISALLOWED_LINES = 5;
const DISALLOWED = 'robots.txt does not allow us to read ';
const NOT_A_PAGE = /\.(?:pdf|jpe?g|png|gif|webp|avif|svg|ico|bmp|tiff?|css|js|mjs|json|xml|rss|atom|gz|zip|rar|7z|tar|mp[34]|m4a|wav|ogg|webm|avi|mov|docx?|xlsx?|pptx?|odt|csv|txt|woff2?|ttf|otf|eot|exe|dmg|apk)$/i;

const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9';
const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
const TOTAL_TIME_UP = Symbol('total time up');

/**
 * Reads a visitor's site server-side for the website analysis: robots.txt, the home page, then
 * pages from the sitemap (or the home page's links when there is none). Site trouble never throws;
 * it becomes problem lines. Only an abort through `signal` throws.
 */
type ResolvedOptions = Required<Omit<SiteCrawlerOptions, 'testOnlyHostAddresses'>> & Pick<SiteCrawlerOptions, 'testOnlyHostAddresses'>;

export class SiteCrawler {
  private readonly options: ResolvedOptions;

  constructor(options: Partial<SiteCrawlerOptions> & Pick<SiteCrawlerOptions, 'userAgent'>) {
    this.options = {
      ...DEFAULT_SITE_CRAWLER_OPTIONS,
      testOnlyAllowPrivateAddresses: false,
      testOnlyAllowedPorts: [],
      ...options,
    };
    for (const key of ['maxPages', 'maxBytesPerResponse', 'requestTimeoutMs', 'totalTimeMs'] as const) {
      if (!Number.isInteger(this.options[key]) || this.options[key] < 1) throw new RangeError(`SiteCrawler: ${key} must be a positive integer`);
    }
    if (!Number.isInteger(this.options.maxRedirects) || this.options.maxRedirects < 0) {
      throw new RangeError('SiteCrawler: maxRedirects must be a whole number');
    }
    if (this.options.userAgent.trim() === '') throw new RangeError('SiteCrawler: userAgent is required');
  }

  async crawl(site: URL, signal?: AbortSignal): Promise<CrawlReport> {
    signal?.throwIfAborted();
    const stop = new AbortController();
    const timer = setTimeout(() => stop.abort(TOTAL_TIME_UP), this.options.totalTimeMs);
    const onAbort = () => stop.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const run = new CrawlRun(this.options, stop.signal);
    try {
      await run.execute(new URL(site.href));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    signal?.throwIfAborted();
    if (stop.signal.reason === TOTAL_TIME_UP) {
      run.problem(`We stopped reading the site after ${formatSeconds(this.options.totalTimeMs)}; the results cover the pages read by then`);
    }
    return run.report();
  }
}

interface PageOutcome {
  page: CrawledPage | null;
  finalUrl: URL;
  links: string[];
  /** The site cannot be read at all (no such name, refused address, no connection). */
  fatal: boolean;
}

/** One crawl's state: what was read, what went wrong, which passages were already seen. */
class CrawlRun {
  private readonly client: GuardedHttpClient;
  private readonly robots: RobotsRules;
  private readonly policy: TargetPolicy;
  private readonly pageLimits: FetchLimits;
  private readonly problems: string[] = [];
  private readonly pages: CrawledPage[] = [];
  private readonly seenPassages = new Set<string>();
  private readonly readUrls = new Set<string>();
  private readonly failureLimits: { timeoutMs: number; maxRedirects: number };
  private disallowedCount = 0;
  private site!: URL;

  constructor(
    private readonly options: ResolvedOptions,
    private readonly signal: AbortSignal,
  ) {
    this.policy = { allowPrivateAddresses: options.testOnlyAllowPrivateAddresses, extraPorts: options.testOnlyAllowedPorts };
    this.client = new GuardedHttpClient({
      userAgent: options.userAgent,
      maxRedirects: options.maxRedirects,
      policy: this.policy,
      hostAddresses: options.testOnlyHostAddresses,
    });
    this.robots = new RobotsRules(
      this.client,
      {
        userAgent: options.userAgent,
        maxBytes: options.maxBytesPerResponse,
        timeoutMs: options.requestTimeoutMs,
        maxRedirects: options.maxRedirects,
      },
      signal,
    );
    this.failureLimits = { timeoutMs: options.requestTimeoutMs, maxRedirects: options.maxRedirects };
    this.pageLimits = {
      maxBytes: options.maxBytesPerResponse,
      timeoutMs: options.requestTimeoutMs,
      acceptHeader: PAGE_ACCEPT,
      accepts: (mediaType) => HTML_TYPES.has(mediaType),
    };
  }

  problem(sentence: string): void {
    if (this.problems.includes(sentence)) return;
    if (sentence.startsWith(DISALLOWED) && ++this.disallowedCount > MAX_DISALLOWED_LINES) return;
    if (this.problems.length >= MAX_PROBLEMS) return;
    this.problems.push(sentence);
  }

  report(): CrawlReport {
    const problems = [...this.problems];
    if (this.disallowedCount > MAX_DISALLOWED_LINES) {
      problems.push(`robots.txt does not allow us to read ${this.disallowedCount - MAX_DISALLOWED_LINES} more pages`);
    }
    return { pages: [...this.pages], problems };
  }

  async execute(start: URL): Promise<void> {
    start.hash = '';
    this.site = start;
    const refusal = refusalReason(start, this.policy);
    if (refusal !== null) {
      this.problem(`We do not read ${shownUrl(start)} because ${refusal}`);
      return;
    }
    const robots = await this.robots.verdictFor(start);
    if (robots.kind !== 'rules') {
      if (robots.problem !== null) this.problem(robots.problem);
      return;
    }

    let links: string[] = [];
    if (robots.isAllowed(start)) {
      const home = await this.readPage(start);
      if (home.fatal) return;
      if (home.page !== null) this.pages.push(home.page);
      this.site = home.finalUrl;
      links = home.links;
    } else {
      this.problem(this.disallowedSentence(start));
    }
    if (this.signal.aborted || this.pages.length >= this.options.maxPages) return;

    const candidates = await this.findCandidatePages(links);
    await this.readCandidates(candidates);
  }

  /** `note` receives this page's problem lines (candidates are read in parallel, their lines replayed in order). */
  private async readPage(url: URL, note: (sentence: string) => void = (sentence) => this.problem(sentence)): Promise<PageOutcome> {
    const subject = `The page ${shownUrl(url, this.site)}`;
    const result = await this.client.get(url, this.pageLimits, this.signal);
    if (!result.ok) {
      const sentence = describeFailure(result.failure, subject, this.failureLimits);
      if (sentence !== null) note(sentence);
      const fatal = ['name-not-found', 'connection-failed', 'tls'].includes(result.failure.kind) ||
        ((result.failure.kind === 'refused-address' || result.failure.kind === 'refused-target') && !result.failure.isRedirect);
      return { page: null, finalUrl: url, links: [], fatal };
    }
    if (this.readUrls.has(result.url.href)) return { page: null, finalUrl: result.url, links: [], fatal: false };
    this.readUrls.add(result.url.href);
    if (result.truncated) {
      const size = formatBytes(this.options.maxBytesPerResponse);
      note(`${subject} is larger than ${size}; we read only its first ${size}`);
    }
    let extracted;
    try {
      extracted = extractPage(decodeHtml(result.body, result.contentType), result.url);
    } catch {
      note(`${subject} could not be read as HTML`);
      return { page: null, finalUrl: result.url, links: [], fatal: false };
    }
    const passages = extracted.passages.filter((passage) => {
      if (this.seenPassages.has(passage)) return false;
      this.seenPassages.add(passage);
      return true;
    });
    const page: CrawledPage = { url: result.url.href, title: extracted.title, passages };
    return { page, finalUrl: result.url, links: extracted.links, fatal: false };
  }

  private disallowedSentence(url: URL): string {
    return `${DISALLOWED}${shownUrl(url, this.site)}`;
  }

  /** Same-site page URLs from the sitemap(s), shallow paths first; the home page's links when there is no sitemap. */
  private async findCandidatePages(homeLinks: string[]): Promise<URL[]> {
    const robots = await this.robots.verdictFor(this.site);
    const declared = robots.kind === 'rules' ? robots.sitemaps : [];
    const sitemapQueue = this.sameSitePages(declared, false).map((url) => ({ url, guessed: false, depth: 0 }));
    if (sitemapQueue.length === 0) sitemapQueue.push({ url: new URL('/sitemap.xml', this.site.origin), guessed: true, depth: 0 });

    const locations: string[] = [];
    const limits: FetchLimits = {
      maxBytes: this.options.maxBytesPerResponse,
      timeoutMs: this.options.requestTimeoutMs,
      acceptHeader: 'application/xml, text/xml;q=0.9, */*;q=0.5',
      accepts: () => true,
    };
    for (let fetches = 0; fetches < MAX_SITEMAP_FETCHES && sitemapQueue.length > 0 && !this.signal.aborted; fetches++) {
      const { url, guessed, depth } = sitemapQueue.shift()!;
      const subject = `The sitemap ${shownUrl(url, this.site)}`;
      const result = await this.client.get(url, limits, this.signal);
      if (!result.ok) {
        const sentence = describeFailure(result.failure, subject, this.failureLimits);
        if (sentence !== null && !(guessed && result.failure.kind === 'http-status')) this.problem(sentence);
        continue;
      }
      let content;
      try {
        content = parseSitemap(sitemapText(result.body, this.options.maxBytesPerResponse));
      } catch {
        if (!guessed) this.problem(`${subject} could not be read as a sitemap`);
        continue;
      }
      if (content.kind === 'pages') locations.push(...content.locations);
      else if (depth === 0) {
        // One level of sitemap index only; nested indexes are ignored.
        for (const child of this.sameSitePages(content.locations, false)) sitemapQueue.push({ url: child, guessed: false, depth: 1 });
      }
    }
    const fromSitemaps = this.sameSitePages(locations, true);
    return byPathDepth(fromSitemaps.length > 0 ? fromSitemaps : this.sameSitePages(homeLinks, true));
  }

  private sameSitePages(hrefs: readonly string[], pagesOnly: boolean): URL[] {
    const urls: URL[] = [];
    const seen = new Set<string>([this.site.href]);
    for (const href of hrefs) {
      let url: URL;
      try {
        url = new URL(href, this.site);
      } catch {
        continue;
      }
      url.hash = '';
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue;
      if (!isSameSite(url, this.site) || seen.has(url.href) || this.readUrls.has(url.href)) continue;
      if (pagesOnly && NOT_A_PAGE.test(url.pathname)) continue;
      seen.add(url.href);
      urls.push(url);
    }
    return urls;
  }

  private async readCandidates(candidates: URL[]): Promise<void> {
    const found: Array<CrawledPage | undefined> = [];
    const notes: string[][] = candidates.map(() => []);
    const wanted = this.options.maxPages - this.pages.length;
    let next = 0;
    let read = 0;
    let inFlight = 0;
    const worker = async () => {
      while (!this.signal.aborted && next < candidates.length && read + inFlight < wanted) {
        const index = next++;
        inFlight++;
        try {
          const page = await this.readCandidate(candidates[index]!, (sentence) => notes[index]!.push(sentence));
          if (page !== null) {
            found[index] = page;
            read++;
          }
        } finally {
          inFlight--;
        }
      }
    };
    await Promise.all(Array.from({ length: PAGE_CONCURRENCY }, worker));
    for (const page of found) if (page !== undefined) this.pages.push(page);
    for (const sentence of notes.flat()) this.problem(sentence);
  }

  private async readCandidate(url: URL, note: (sentence: string) => void): Promise<CrawledPage | null> {
    const robots = await this.robots.verdictFor(url);
    if (robots.kind !== 'rules') {
      if (robots.problem !== null) note(robots.problem);
      return null;
    }
    if (!robots.isAllowed(url)) {
      note(this.disallowedSentence(url));
      return null;
    }
    return (await this.readPage(url, note)).page;
  }
}

function bareHost(url: URL): string {
  return url.hostname.toLowerCase().replace(/^www\./, '').replace(/\.$/, '');
}

/** Same host (ignoring a leading "www.") and port; http and https on their standard ports count as one site. */
export function isSameSite(a: URL, b: URL): boolean {
  if (bareHost(a) !== bareHost(b)) return false;
  const portA = effectivePort(a);
  const portB = effectivePort(b);
  return portA === portB || (STANDARD_PORTS.includes(portA) && STANDARD_PORTS.includes(portB));
}

function byPathDepth(urls: URL[]): URL[] {
  const depth = (url: URL) => url.pathname.split('/').filter((segment) => segment !== '').length;
  return urls.map((url, order) => ({ url, order, depth: depth(url) })).sort((a, b) => a.depth - b.depth || a.order - b.order).map(({ url }) => url);
}
