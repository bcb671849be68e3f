import type { AuditBrandRow, AuditBrandVisibility, AuditRunAnswers } from './audit-report.js';
import type { ModelProviderId } from './model-providers.js';

/**
 * The answers of the three tool endpoints (docs/api.md), shared by the tools service and the pages.
 * The audit and the image reader key their models differently from MODEL_PROVIDER_IDS.
 */

export type AuditModelKey = 'openai' | 'claude' | 'gemini' | 'grok';

/** POST /api/llm-query answer key of each provider, in the order the site lists them. */
export const AUDIT_MODEL_KEYS: Record<ModelProviderId, AuditModelKey> = { openai: 'openai', anthropic: 'claude', gemini: 'gemini', xai: 'grok' };

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
export interface AuditAnswer {
  query: string;
  responses: Partial<Record<AuditModelKey, string>>;
  errors: Partial<Record<AuditModelKey, string>>;
  /** Per answering model: the pages it cited, in the order of their markers. */
  citations: Partial<Record<AuditModelKey, AuditCitation[]>>;
  /** Per answering model: what it searched the web for. */
  searchQueries: Partial<Record<AuditModelKey, string[]>>;
  /** Per answering model: whether it searched the web for this answer (false: it answered from memory). */
  grounded: Partial<Record<AuditModelKey, boolean>>;
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
  /** Per engine: the model that was asked (gpt-4o, …). */
  models: Partial<Record<AuditModelKey, string>>;
  /** The answers came from the model simulator (demo mode), not from the engines. */
  simulated: boolean;
  createdAt: string;
  expiresAt: string;
}

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

export interface WebsiteAnalysisItem {
  query: string;
  found: boolean;
  content?: string;
  suggestions: string[];
}

export interface FanOutAnswer {
  queries: string[];
  websiteAnalysis: WebsiteAnalysisItem[];
}

export type ImageModelKey = 'openai' | 'anthropic' | 'gemini' | 'grok';

/** POST /api/analyze-image answer key of each provider. */
export const IMAGE_MODEL_KEYS: Record<ModelProviderId, ImageModelKey> = { openai: 'openai', anthropic: 'anthropic', gemini: 'gemini', xai: 'grok' };

/** Each text is a JSON list of short findings, or a sentence saying the model was unavailable or failed. */
export type ImageAnswer = Record<ImageModelKey, string>;
