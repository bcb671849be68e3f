import type { CrawlerAgentReport, CrawlerLogAnswer, CrawlerLogFormat, PathCount } from '@agency/shared';
import { agentOf, CrawlerRanges, type CrawlerAgent } from './crawler-agents.js';
import { LogLineReader, type LogRequest } from './log-line-parser.js';
import { LOG_STREAM_LIMITS, logBytes, logLines, LogRefusal, type LogStreamLimits } from './log-stream.js';

/** Distinct paths (or addresses) counted per map at most; past it only those already counted grow. */
const MAX_DISTINCT = 20_000;
const TOP_PAGES = 20;
const AGENT_TOP_PAGES = 10;
const NEVER_READ = 50;
const IMPOSTOR_ADDRESSES = 5;
const MAX_DAYS = 400;
/** A file whose first this many lines are none of the formats is not an access log: reading stops there. */
const DETECTION_LINES = 1000;
const NO_REQUESTS = 'No request could be read from the log: it should be an access log in combined log format, JSON lines or CSV with a header.';
/** Static files are not pages: they do not count towards "never read by AI". */
const ASSET = /\.(?:js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|otf|eot|mp4|webm|mp3|json|xml|txt|pdf|zip|gz)$/i;
/** Nor are API calls and admin screens: a page "never read by AI" is one meant for readers. */
const NOT_A_PAGE = /^\/(?:api|wp-json|wp-admin|admin|\.well-known)(?:\/|$)/i;

/** A bounded counter: new keys past MAX_DISTINCT are dropped (and the report says it was truncated). */
class Counts {
  readonly map = new Map<string, number>();
  truncated = false;

  add(key: string, by = 1): void {
    const current = this.map.get(key);
    if (current !== undefined) this.map.set(key, current + by);
    else if (this.map.size < MAX_DISTINCT) this.map.set(key, by);
    else this.truncated = true;
  }

  top(count: number): [string, number][] {
    return [...this.map].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, count);
  }
}

class AgentTally {
  requests = 0;
  verified = 0;
  impostors = 0;
  bytes = 0;
  firstSeen: number | null = null;
  lastSeen: number | null = null;
  readonly statuses = new Map<string, number>();
  readonly pages = new Counts();
  readonly days = new Counts();
  readonly impostorAddresses = new Counts();

  constructor(readonly agent: CrawlerAgent) {}
}

/** Adds requests up; memory grows with distinct paths, agents and days (each bounded), never with the log's length. */
export class CrawlerLogTally {
  lines = 0;
  skipped = 0;
  tooLong = 0;
  bytes = 0;
  gzip = false;
  private from: number | null = null;
  private to: number | null = null;
  private readonly agents = new Map<string, AgentTally>();
  private readonly aiPages = new Counts();
  private readonly otherPages = new Counts();
  private otherRequests = 0;
  private aiRequests = 0;

  constructor(private readonly ranges: CrawlerRanges) {}

  add(request: LogRequest): void {
    this.lines++;
    if (request.time !== null) {
      if (this.from === null || request.time < this.from) this.from = request.time;
      if (this.to === null || request.time > this.to) this.to = request.time;
    }
    const agent = agentOf(request.userAgent);
    if (!agent) {
      this.otherRequests++;
      if (request.status >= 200 && request.status < 300 && request.method === 'GET' && !ASSET.test(request.path) && !NOT_A_PAGE.test(request.path)) {
        this.otherPages.add(request.path);
      }
      return;
    }
    this.aiRequests++;
    let tally = this.agents.get(agent.agent);
    if (!tally) {
      tally = new AgentTally(agent);
      this.agents.set(agent.agent, tally);
    }
    tally.requests++;
    tally.bytes += request.bytes;
    const verdict = this.ranges.verify(agent.agent, request.address);
    if (verdict === true) tally.verified++;
    else if (verdict === false) {
      tally.impostors++;
      tally.impostorAddresses.add(request.address || 'unknown');
    }
    const status = String(request.status);
    tally.statuses.set(status, (tally.statuses.get(status) ?? 0) + 1);
    tally.pages.add(request.path);
    this.aiPages.add(request.path);
    if (request.time !== null) {
      if (tally.firstSeen === null || request.time < tally.firstSeen) tally.firstSeen = request.time;
      if (tally.lastSeen === null || request.time > tally.lastSeen) tally.lastSeen = request.time;
      tally.days.add(new Date(request.time).toISOString().slice(0, 10));
    }
  }

  answer(format: CrawlerLogFormat): CrawlerLogAnswer {
    const hasRanges = new Set(this.ranges.sources().map((source) => source.agent));
    const agents: CrawlerAgentReport[] = [...this.agents.values()]
      .sort((a, b) => b.requests - a.requests || a.agent.agent.localeCompare(b.agent.agent))
      .map((tally) => ({
        agent: tally.agent.agent,
        operator: tally.agent.operator,
        purpose: tally.agent.purpose,
        requests: tally.requests,
        verified: hasRanges.has(tally.agent.agent) ? tally.verified : null,
        impostors: hasRanges.has(tally.agent.agent) ? tally.impostors : null,
        pages: tally.pages.map.size,
        statuses: Object.fromEntries([...tally.statuses].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
        bytes: tally.bytes,
        firstSeen: iso(tally.firstSeen),
        lastSeen: iso(tally.lastSeen),
        daily: [...tally.days.map].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([day, requests]) => ({ day, requests })),
        topPages: pathCounts(tally.pages.top(AGENT_TOP_PAGES)),
        impostorAddresses: tally.impostorAddresses.top(IMPOSTOR_ADDRESSES).map(([address, requests]) => ({ address, requests })),
      }));
    const days = [...new Set(agents.flatMap((agent) => agent.daily.map((entry) => entry.day)))].sort().slice(-MAX_DAYS);
    const daily = days.map((day) => ({
      day,
      agents: Object.fromEntries(
        agents.map((agent): [string, number] => [agent.agent, agent.daily.find((entry) => entry.day === day)?.requests ?? 0]).filter(([, count]) => count !== 0),
      ),
    }));
    const neverRead = [...this.otherPages.map].filter(([path]) => !this.aiPages.map.has(path));
    neverRead.sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    return {
      lines: this.lines,
      skipped: this.skipped,
      from: iso(this.from),
      to: iso(this.to),
      agents,
      topPages: pathCounts(this.aiPages.top(TOP_PAGES)),
      neverRead: pathCounts(neverRead.slice(0, NEVER_READ)),
      format,
      bytes: this.bytes,
      gzip: this.gzip,
      aiRequests: this.aiRequests,
      otherRequests: this.otherRequests,
      daily,
      truncated: this.aiPages.truncated || this.otherPages.truncated || [...this.agents.values()].some((tally) => tally.pages.truncated),
      ranges: this.ranges.sources(),
      robots: null,
    };
  }
}

const pathCounts = (entries: [string, number][]): PathCount[] => entries.map(([path, requests]) => ({ path, requests }));
const iso = (time: number | null): string | null => (time === null ? null : new Date(time).toISOString());

/**
 * Reads a whole log, chunk by chunk (plain or gzip; combined, JSON lines or CSV), and answers
 * the report. Refuses (LogRefusal) a binary file, a zip bomb, and a log with no readable line.
 */
export async function analyseCrawlerLog(
  chunks: AsyncIterable<Buffer>,
  options: { ranges?: CrawlerRanges; limits?: LogStreamLimits; signal?: AbortSignal } = {},
): Promise<CrawlerLogAnswer> {
  const limits = options.limits ?? LOG_STREAM_LIMITS;
  const tally = new CrawlerLogTally(options.ranges ?? new CrawlerRanges());
  const reader = new LogLineReader();
  const counted = countBytes(logBytes(chunks, limits, () => (tally.gzip = true)), tally);
  let sinceCheck = 0;
  for await (const line of logLines(counted, limits.maxLineBytes)) {
    if (++sinceCheck === 10_000) {
      sinceCheck = 0;
      options.signal?.throwIfAborted();
      // Lets timers and I/O run between batches of lines (the worker's lock renewal among them).
      await new Promise((resolve) => setImmediate(resolve));
    }
    if ('tooLong' in line) {
      tally.skipped++;
      tally.tooLong++;
      continue;
    }
    if (line.text.trim() === '') continue;
    const request = reader.read(line.text);
    if (request === null) continue;
    if (request !== undefined) tally.add(request);
    else if (++tally.skipped >= DETECTION_LINES && reader.detected === undefined) throw new LogRefusal(422, NO_REQUESTS);
  }
  if (tally.lines === 0) {
    const tooLong = tally.tooLong > 0 ? ` ${tally.tooLong.toLocaleString('en-GB')} ${tally.tooLong === 1 ? 'line was' : 'lines were'} longer than ${Math.round(limits.maxLineBytes / 1024)} KB and skipped.` : '';
    throw new LogRefusal(422, `${NO_REQUESTS}${tooLong}`);
  }
  return tally.answer(reader.detected ?? 'combined');
}

async function* countBytes(bytes: AsyncIterable<Buffer>, tally: CrawlerLogTally): AsyncGenerator<Buffer> {
  for await (const chunk of bytes) {
    tally.bytes += chunk.length;
    yield chunk;
  }
}

export { LogRefusal };
