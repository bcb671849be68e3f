import robotsParserModule from 'robots-parser';
import { describeFailure } from './crawl-problems.js';
import type { FetchFailure, FetchLimits, GuardedHttpClient } from './guarded-http-client.js';

export type RobotsVerdict =
  /** Rules to follow (an empty set when the site has no robots.txt). */
  | { kind: 'rules'; isAllowed(url: URL): boolean; sitemaps: string[]; text: string }
  /** The site could not be reached at all; `problem` says why. */
  | { kind: 'unreachable'; problem: string | null }
  /** robots.txt exists but could not be read (5xx): RFC 9309 says to read nothing. */
  | { kind: 'disallow-all'; problem: string };

// The package is CommonJS whose module.exports is the function its types call the default export.
const robotsParser = robotsParserModule as unknown as typeof robotsParserModule.default;

const ROBOTS_MAX_BYTES = 512_000; // RFC 9309 asks crawlers to parse at least 500 KiB.

const UNREACHABLE: ReadonlySet<FetchFailure['kind']> = new Set(['timeout', 'stopped', 'name-not-found', 'connection-failed', 'tls']);

/** Fetches and applies robots.txt per origin (RFC 9309), once per origin per crawl. */
export class RobotsRules {
  private readonly byOrigin = new Map<string, Promise<RobotsVerdict>>();

  constructor(
    private readonly client: GuardedHttpClient,
    private readonly settings: { userAgent: string; maxBytes: number; timeoutMs: number; maxRedirects: number },
    private readonly signal: AbortSignal,
  ) {}

  verdictFor(url: URL): Promise<RobotsVerdict> {
    let verdict = this.byOrigin.get(url.origin);
    if (verdict === undefined) {
      verdict = this.load(url);
      this.byOrigin.set(url.origin, verdict);
    }
    return verdict;
  }

  private async load(url: URL): Promise<RobotsVerdict> {
    const robotsUrl = new URL('/robots.txt', url.origin);
    const limits: FetchLimits = {
      maxBytes: Math.min(this.settings.maxBytes, ROBOTS_MAX_BYTES),
      timeoutMs: this.settings.timeoutMs,
      acceptHeader: 'text/plain, */*;q=0.5',
      accepts: () => true,
    };
    const result = await this.client.get(robotsUrl, limits, this.signal);
    if (result.ok) return this.rules(robotsUrl, result.body.toString('utf8'));

    const { failure } = result;
    if (UNREACHABLE.has(failure.kind) || ((failure.kind === 'refused-target' || failure.kind === 'refused-address') && !failure.isRedirect)) {
      return { kind: 'unreachable', problem: describeFailure(failure, 'The site', this.settings) };
    }
    if (failure.kind === 'http-status' && failure.status >= 400 && failure.status < 500 && failure.status !== 429) {
      return this.rules(robotsUrl, '');
    }
    if (failure.kind === 'http-status' || failure.kind === 'invalid-response' || failure.kind === 'bad-encoding' || failure.kind === 'damaged-body') {
      const answer = failure.kind === 'http-status' ? `the server answered ${failure.status}` : 'the answer was not readable';
      return {
        kind: 'disallow-all',
        problem: `robots.txt of ${url.host} could not be read (${answer}), so we read no pages there, as the robots.txt standard asks`,
      };
    }
    // Redirect trouble: RFC 9309 lets a crawler treat robots.txt as unavailable, which allows everything.
    return this.rules(robotsUrl, '');
  }

  private rules(robotsUrl: URL, text: string): RobotsVerdict {
    const robot = robotsParser(robotsUrl.href, text);
    const userAgent = this.settings.userAgent;
    return {
      kind: 'rules',
      isAllowed: (url) => robot.isAllowed(url.href, userAgent) !== false,
      sitemaps: robot.getSitemaps(),
      text,
    };
  }
}

