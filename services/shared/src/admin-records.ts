import type { SubscriberSource } from './content-types.js';
import type { AuditBrandVisibility, AuditRunAnswers } from './audit-report.js';
import type { ContactMessage } from './content-types.js';
import type { CrawlerLogAnalysisRecord } from './crawler-log-report.js';
import type { AuditAnswer, AuditModelKey, ImageModelKey, MainImageCheck } from './tool-answers.js';

/** What one model's answer of an audit used: tokens in and out, and the web searches billed. */
export interface AuditModelUsage {
  inputTokens: number;
  outputTokens: number;
  searches: number;
}

/** Admin reads of what the tools and forms stored (docs/api.md). Dates are ISO 8601 strings. */

export interface AuditRecord {
  id: number;
  query: string;
  brand: string | null;
  email: string;
  /** The model first asked (SPEC's field); `models` names each engine's own. */
  model: string;
  /** JSON text of the answers keyed openai, claude, gemini, grok. */
  response: string;
  /** The visitor's own site, when given. */
  website: string | null;
  /** Answers asked of each engine, and every one of them (the first is in `response`). */
  runs: number;
  runAnswers: AuditRunAnswers;
  /** The worker's figures for the visitor's brand across every answer; null without a brand. */
  visibility: AuditBrandVisibility | null;
  /** Per engine: the model that answered. */
  models: Partial<Record<AuditModelKey, string>>;
  /** Demo mode: the answers came from the model simulator. */
  simulated: boolean;
  /** What each model cited and searched for; empty for audits stored before answers were grounded. */
  citations: AuditAnswer['citations'];
  searchQueries: AuditAnswer['searchQueries'];
  grounded: AuditAnswer['grounded'];
  /** Per answering model; empty for audits stored before usage was recorded. */
  usage: Partial<Record<AuditModelKey, AuditModelUsage>>;
  /** The shareable report's id (its page: AUDIT_REPORT_PATH/{reportId}); null for audits stored before reports. */
  reportId: string | null;
  createdAt: string;
}

export interface SemanticExpansionRecord {
  id: number;
  keyword: string;
  website: string;
  email: string;
  /** JSON text: { queries: string[], websiteAnalysis: { query, found, content?, suggestions }[] }. */
  results: string;
  createdAt: string;
}

/** The upload an image analysis was run on, as measured before it was discarded (never the image itself). */
export interface AnalysedImage {
  /** jpeg, png, gif or webp. */
  type: string;
  width: number;
  height: number;
  bytes: number;
}

/** What one vision model answered for an image analysis, or why it did not. */
export interface ImageModelFindings {
  product?: string;
  labelText?: string[];
  findings?: string[];
  altText?: string;
  /** Set when the model was unavailable or failed: the sentence the visitor saw. */
  error?: string;
}

/** One AI Image Reader analysis as stored for staff. */
export interface ImageAnalysisRecord {
  id: number;
  email: string;
  /** Null when the upload's facts were not measured (a job queued before they were). */
  image: AnalysedImage | null;
  models: Partial<Record<ImageModelKey, ImageModelFindings>>;
  mainImageChecks: MainImageCheck[];
  /** The line shown when the models disagree on what the product is; null when they agree. */
  disagreement: string | null;
  /** The alt text suggested to the visitor. */
  altText: string;
  /** Demo mode: the readings came from the model simulator, not real models. */
  simulated: boolean;
  createdAt: string;
}

/** One marketing sign-up as staff see and export it. */
/** Double opt-in: an address counts as subscribed only once it followed the confirmation link. */
export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';

export interface MarketingSubscriber {
  email: string;
  source: SubscriberSource;
  status: SubscriberStatus;
  consentAt: string;
  unsubscribedAt: string | null;
  /** The signed link that unsubscribes this address, for the mailing tool. */
  unsubscribeUrl: string;
}

/** The tool records of one address (the tools service's part of GET /api/admin/people). */
export interface PersonToolRecords {
  auditRecords: AuditRecord[];
  fanOutRecords: SemanticExpansionRecord[];
  imageAnalyses: ImageAnalysisRecord[];
  crawlerLogAnalyses: CrawlerLogAnalysisRecord[];
}

/** How many records of each tool an erasure removed (the tools service's part of the receipt). */
export type ToolRecordCounts = { [K in keyof PersonToolRecords]: number };

/** The tools service's answer to its part of an erasure: the counts, and the log's words for them. */
export interface ToolErasure {
  records: ToolRecordCounts;
  /** e.g. "2 audits, 1 fan-out request, 0 image analyses" */
  summary: string;
}

/** One tool run as the hourly staff digest lists it (asked of the tools service, which stores the runs). */
export interface ToolLead {
  tool: string;
  /** The tool's name as staff read it, e.g. "AI Search Audit". */
  toolTitle: string;
  email: string;
  question: string;
  createdAt: string;
}

/** GET /api/admin/people?email=…: every record of one address, by kind, newest first. */
export interface PersonRecords extends PersonToolRecords {
  email: string;
  contactMessages: ContactMessage[];
  /** The address's marketing sign-up, if any. */
  subscriber: MarketingSubscriber | null;
}

export type OutboxStatus = 'queued' | 'sent' | 'failed';

/** One email or webhook delivery in the outbox (GET /api/admin/emails). */
export interface OutboxEmail {
  id: number;
  /** An address, or the receiver's URL for a webhook delivery. */
  to: string;
  subject: string;
  kind: string;
  channel: 'email' | 'webhook';
  status: OutboxStatus;
  error?: string;
  attempts: number;
  createdAt: string;
  sentAt?: string;
}
