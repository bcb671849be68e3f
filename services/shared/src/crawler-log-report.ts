/**
 * The AI Crawler Log Analyzer's answer (POST /api/crawler-logs), its stored record and its limits,
 * shared by the tools service and the page.
 */

/** The largest log a visitor may upload, compressed or not. */
export const CRAWLER_LOG_MAX_BYTES = 50 * 1024 * 1024;
export const CRAWLER_LOG_TOO_LARGE = 'Please select a log file smaller than 50 MB.';
export const CRAWLER_LOG_PATH = '/api/crawler-logs';

export type CrawlerLogFormat = 'combined' | 'json' | 'csv';

/** How a crawler's requests can be checked against its operator's published addresses. */
export type CrawlerVerification = 'published-ranges' | 'none-published';

export interface PathCount {
  path: string;
  requests: number;
}

export interface DayCount {
  /** YYYY-MM-DD, UTC. */
  day: string;
  requests: number;
}

export interface CrawlerAgentReport {
  /** The agent's user-agent token, e.g. "GPTBot". */
  agent: string;
  operator: string;
  /** What the operator says the agent is for, e.g. "Model training". */
  purpose: string;
  requests: number;
  /** Requests from the operator's published addresses; null when the operator publishes none. */
  verified: number | null;
  /** Requests claiming the agent from outside those addresses; null when the operator publishes none. */
  impostors: number | null;
  /** Distinct paths requested. */
  pages: number;
  /** Requests by HTTP status code ("200", "404", …). */
  statuses: Record<string, number>;
  bytes: number;
  firstSeen: string | null;
  lastSeen: string | null;
  daily: DayCount[];
  topPages: PathCount[];
  /** The addresses most often claiming the agent from outside its ranges. */
  impostorAddresses: { address: string; requests: number }[];
}

/** The robots.txt lines that apply to one agent token on the visitor's site. */
export interface CrawlerRobotsGroup {
  agent: string;
  /** The User-agent line the group was chosen by ("*" when no group names the agent). */
  matchedBy: string | null;
  lines: string[];
  /** Whether the agent may read the home page. */
  homeAllowed: boolean;
}

export interface CrawlerRobotsReport {
  site: string;
  /** "read": robots.txt rules (possibly none); otherwise why it could not be read. */
  status: 'read' | 'unreachable' | 'unreadable';
  problem: string | null;
  groups: CrawlerRobotsGroup[];
}

export interface CrawlerLogAnswer {
  /** Lines read as requests. */
  lines: number;
  /** Lines that could not be read (malformed, too long, an unknown shape), counted and skipped. */
  skipped: number;
  /** The first and last request's time (ISO 8601), or null when no line had a time. */
  from: string | null;
  to: string | null;
  agents: CrawlerAgentReport[];
  /** The pages AI agents read most. */
  topPages: PathCount[];
  /** Pages other clients read successfully that no AI agent requested, most requested first. */
  neverRead: PathCount[];
  format: CrawlerLogFormat;
  /** Bytes of the log as read (after decompression). */
  bytes: number;
  gzip: boolean;
  aiRequests: number;
  otherRequests: number;
  /** Every AI agent's requests per day, for the chart. */
  daily: { day: string; agents: Record<string, number> }[];
  /** When path or address counts hit their memory bound, the counts past it are left out. */
  truncated: boolean;
  /** The published address lists used, with their source and the date they were retrieved. */
  ranges: { agent: string; source: string; retrieved: string }[];
  robots: CrawlerRobotsReport | null;
  reportId?: string;
  reportUrl?: string;
}

/** The admin panel's record of one analysis (never the log itself). */
export interface CrawlerLogAnalysisRecord {
  id: number;
  email: string;
  /** "upload", or "gateway" for the admin's own run over the gateway's access log (not stored). */
  fileName: string | null;
  site: string | null;
  report: CrawlerLogAnswer;
  reportId: string | null;
  createdAt: string;
}

export function crawlerLogReportUrl(reportId: string): string {
  return `/ai-crawler-log-analyzer?report=${encodeURIComponent(reportId)}`;
}
