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
