import { ADMIN_RESPONSE_PREVIEW_CHARS } from '@agency/shared';

export interface FanOutSummary {
  /** How many queries were generated. */
  variations: number;
  /** Analysis items whose query the website covers. */
  found: number;
  total: number;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The figures of a stored semantic expansion result (queries generated, queries found): null when
 * the text does not parse as { queries: [...], websiteAnalysis: [...] }, so that the record shows
 * without them.
 */
export function summariseFanOutResults(results: string): FanOutSummary | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(results);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.queries) || !Array.isArray(parsed.websiteAnalysis)) return null;
  const found = parsed.websiteAnalysis.filter((item) => isRecord(item) && item.found === true).length;
  return { variations: parsed.queries.length, found, total: parsed.websiteAnalysis.length };
}

/** The stored audit answers are keyed by these (AUDIT_MODEL_KEYS). */
const ANSWER_LABELS: Record<string, string> = { openai: 'ChatGPT', claude: 'Claude', gemini: 'Gemini', grok: 'Grok' };

/**
 * The first 150 characters of an audit record's response. The stored JSON of answers per model
 * reads as 'ChatGPT: … Claude: …'; any other text is previewed as it is.
 */
export function responsePreview(response: string, limit = ADMIN_RESPONSE_PREVIEW_CHARS): string {
  let text = response;
  try {
    const parsed: unknown = JSON.parse(response);
    if (isRecord(parsed)) {
      text = Object.entries(parsed)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([key, answer]) => `${ANSWER_LABELS[key] ?? key}: ${answer}`)
        .join(' ');
    }
  } catch {
    // Plain text: shown as stored.
  }
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > limit ? `${flat.slice(0, limit)}...` : flat;
}
