import type { AuditInsights } from './audit-insights.js';
import type { AuditBrandRow, AuditBrandVisibility, AuditRunAnswers } from './audit-report.js';
import type { ModelProviderId, SearchEngineId } from './model-providers.js';
import type { TrendPoint } from './tracking.js';

/**
 * The answers of the three tool endpoints (docs/api.md), shared by the tools service and the pages.
 * The audit and the image reader key their models differently from MODEL_PROVIDER_IDS.
 */

export type AuditModelKey = 'openai' | 'claude' | 'gemini' | 'grok' | 'perplexity';

/** POST /api/llm-query answer key of each engine, in the order the site lists them (SPEC's four, then Perplexity). */
export const AUDIT_MODEL_KEYS: Record<SearchEngineId, AuditModelKey> = { openai: 'openai', anthropic: 'claude', gemini: 'gemini', xai: 'grok', perplexity: 'perplexity' };

/** A page an engine cited for its answer. */
export interface AuditCitation {
  /** The page's address (http or https; Google's redirect links already resolved). */
  url: string;
  title: string;
  /** The text of the page the engine quoted, when it says (Claude does). */
  citedText?: string;
}

/**
 * Each model's answer was asked in its web-search mode. A response may hold source markers "[n]"
 * (n from 1): citations[key][n - 1] is the page that supports the text just before the marker.
 */
export interface AuditAnswer extends AuditInsights {
  query: string;
  responses: Partial<Record<AuditModelKey, string>>;
  errors: Partial<Record<AuditModelKey, string>>;
  /** Per answering model: the pages it cited, in the order of their markers. */
  citations: Partial<Record<AuditModelKey, AuditCitation[]>>;
  /** Per answering model: what it searched the web for. */
  searchQueries: Partial<Record<AuditModelKey, string[]>>;
  /** Per answering model: whether it searched the web for this answer (false: it answered from memory). */
  grounded: Partial<Record<AuditModelKey, boolean>>;
  /** Per model: how the answer in `responses` ended, or "refused"/"failed" when there is none. */
  endings: Partial<Record<AuditModelKey, AuditEnding>>;
  /** Per answering model: the model id that the provider's answer says answered (the configured one when it does not say). */
  models: Partial<Record<AuditModelKey, string>>;
  /**
   * Per model: its answers cut off and refused. Those answers are not in `runAnswers` and count
   * neither as answers nor as answers without a mention.
   */
  endingCounts: Partial<Record<AuditModelKey, AuditEndingCounts>>;
  /** Gemini: Google's Search Suggestions for the answer in `responses` (HTML, shown as Google provides it, in a sandboxed frame). */
  searchSuggestions: Partial<Record<AuditModelKey, string>>;
  /**
   * Answers asked of each engine. `responses`, `citations`, `searchQueries` and `grounded` hold
   * each engine's first answer to arrive; `runAnswers` holds every answer, that one first.
   */
  runs: number;
  runAnswers: AuditRunAnswers;
  /** Every brand the answers recommend, most mentioned first. */
  brands: AuditBrandRow[];
  /** The visitor's brand across every answer; null when no brand was given. */
  visibility: AuditBrandVisibility | null;
  /** The same figures for each competitor the visitor named, in their order; [] when none. */
  competitorVisibility: AuditBrandVisibility[];
  reportId: string;
  /** The shareable report page: AUDIT_REPORT_PATH/{reportId}. */
  reportUrl: string;
}

/**
 * A stored audit as GET /api/llm-query/reports/{reportId} answers it: the answer, what was asked
 * about, when, of which models, and until when it can be opened. Never the visitor's email.
 */
export interface AuditReport extends AuditAnswer {
  brand: string | null;
  /** The visitor's own site, when given. */
  website: string | null;
  /** The competitors the visitor named, in their order. */
  competitors: string[];
  /** The answers came from the model simulator (demo mode), not from the engines. */
  simulated: boolean;
  createdAt: string;
  expiresAt: string;
  /**
   * The trend when the question is tracked: this audit first, then each scheduled run ([] when
   * nobody tracks it). Only the stored report carries it.
   */
  history?: TrendPoint[];
}

/**
 * How an engine's answer ended: in full, cut off by its length limit (shown marked), declined by
 * the engine, or no answer at all (an error).
 */
export type AuditEnding = 'complete' | 'cut-off' | 'refused' | 'failed';

export interface AuditEndingCounts {
  cutOff: number;
  refused: number;
}

/** The badge of an engine that declined to answer. */
export const DECLINED_BADGE = 'Declined to answer';

/** Part of an audit response: words, or the marker of source n (citations[n - 1]). */
export type ResponseSegment = { text: string } | { source: number };

/** An audit response split at its source markers "[n]"; a marker with no such source stays text. */
export function responseSegments(response: string, sources: number): ResponseSegment[] {
  const segments: ResponseSegment[] = [];
  let text = '';
  let from = 0;
  for (const match of response.matchAll(/\[(\d{1,3})\]/g)) {
    const source = Number(match[1]);
    if (source < 1 || source > sources) continue;
    text += response.slice(from, match.index);
    if (text) segments.push({ text });
    text = '';
    segments.push({ source });
    from = match.index + match[0].length;
  }
  text += response.slice(from);
  if (text) segments.push({ text });
  return segments;
}

/** The kinds of sub-query an AI search engine fans one search out into. */
export const SEMANTIC_EXPANSION_TYPES = ['reformulation', 'related', 'implicit', 'comparative', 'entity expansion', 'personalised'] as const;
export type SemanticExpansionType = (typeof SEMANTIC_EXPANSION_TYPES)[number];

/** The fewest and most queries the model may choose to write in one pass. */
export const SEMANTIC_EXPANSION_MIN_QUERIES = 10;
export const SEMANTIC_EXPANSION_MAX_QUERIES = 25;

/** One sub-query of the fan-out, merged over the passes. */
export interface SemanticExpansionQuery {
  query: string;
  type: SemanticExpansionType;
  /** What the person searching wants to get done. */
  userIntent: string;
  /** Why an AI engine would run this sub-query for the keyword. */
  reasoning: string;
  /** The content format that would win it: comparison table, buyer's guide, FAQ… */
  routingFormat: string;
  /** Share of the passes that produced this query (or a near-duplicate of it), 0–1. */
  weight: number;
}

/**
 * Whether the visitor's site answers a query: `covered` (a passage answers it), `partial` (a
 * passage touches it), `gap` (nothing does), `not-checked` (the site could not be read).
 */
export type CoverageVerdict = 'covered' | 'partial' | 'gap' | 'not-checked';

export interface WebsiteAnalysisItem {
  query: string;
  /** True only when covered. */
  found: boolean;
  coverage: CoverageVerdict;
  /** One line saying why this verdict. */
  reason: string;
  /** The site's passage that best answers the query, when there is one. */
  content?: string;
  /** The page the passage came from. */
  url?: string;
  suggestions: string[];
}

/** What came of reading the visitor's site; `warning` says once why it could not be read. */
export interface WebsiteCheck {
  status: 'read' | 'unreadable';
  pagesRead: number;
  warning?: string;
}

export interface SemanticExpansionAnswer {
  /** The fan-out queries as plain strings, heaviest first (the same order as fanOut). */
  queries: string[];
  fanOut: SemanticExpansionQuery[];
  /** Why the model chose this many queries. */
  countReasoning: string;
  /** Generation passes that answered (each query's weight is a share of these). */
  passes: number;
  websiteCheck: WebsiteCheck;
  websiteAnalysis: WebsiteAnalysisItem[];
}

/** Share of the checked queries the site covers (partial counts half); null when nothing could be checked. */
export function coverageShare(items: readonly WebsiteAnalysisItem[]): number | null {
  const checked = items.filter((item) => item.coverage !== 'not-checked');
  if (checked.length === 0) return null;
  const score = checked.reduce((sum, item) => sum + (item.coverage === 'covered' ? 1 : item.coverage === 'partial' ? 0.5 : 0), 0);
  return score / checked.length;
}

export type ImageModelKey = 'openai' | 'anthropic' | 'gemini' | 'grok';

/** POST /api/analyze-image answer key of each provider. */
export const IMAGE_MODEL_KEYS: Record<ModelProviderId, ImageModelKey> = { openai: 'openai', anthropic: 'anthropic', gemini: 'gemini', xai: 'grok' };

/** What one vision model read: what the product is and the label text it could make out. */
export interface ImageReading {
  product: string;
  labelText: string[];
}

/** One of Amazon's main-image rules, measured on the upload itself (no model involved). */
export interface MainImageCheck {
  id: 'white-background' | 'frame-fill' | 'zoom' | 'file-type';
  label: string;
  pass: boolean;
  /** The measured figure as shown: "97% pure white", "2000 px", "JPEG". */
  figure: string;
  /** What the rule asks for. */
  rule: string;
}

/**
 * Each model key holds a JSON list of short findings, or a sentence saying the model was
 * unavailable or failed. Beside them: what each answering model read, a line when they disagree on
 * what the product is, Amazon's main-image checks and an alt-text suggestion.
 */
export type ImageAnswer = Record<ImageModelKey, string> & {
  readings: Partial<Record<ImageModelKey, ImageReading>>;
  /** Set when the models that answered do not agree on what the product is. */
  disagreement?: string;
  /** Set beside `disagreement`: what most of the models agree the product is, or that no reading has a majority. */
  consensus?: string;
  mainImageChecks: MainImageCheck[];
  altText: string;
  /** Demo mode: the simulator answered, not real models. */
  simulated?: boolean;
  /** The shareable report of this analysis (GET /api/analyze-image/reports/{reportId}, .csv for the spreadsheet). */
  reportId?: string;
  reportUrl?: string;
  /** When the report stops opening. */
  expiresAt?: string;
};
