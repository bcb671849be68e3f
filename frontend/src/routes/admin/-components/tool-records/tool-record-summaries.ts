import { ADMIN_RESPONSE_PREVIEW_CHARS, brandVisibilityScore, wholePercent, type AuditBrandVisibility, type AuditRecord } from '@agency/shared';

export interface SemanticExpansionSummary {
  /** How many queries were generated. */
  variations: number;
  /** Analysis items whose query the website covers. */
  found: number;
  total: number;
  /** False when the site could not be read, so no query was checked against it. */
  checked: boolean;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The figures of a stored semantic expansion result (queries generated, queries found): null when
 * the text does not parse as { queries: [...], websiteAnalysis: [...] }, so that the record shows
 * without them.
 */
export function summariseSemanticExpansionResults(results: string): SemanticExpansionSummary | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(results);
  } catch {
    return null;
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.queries) || !Array.isArray(parsed.websiteAnalysis)) return null;
  const found = parsed.websiteAnalysis.filter((item) => isRecord(item) && item.found === true).length;
  return { variations: parsed.queries.length, found, total: parsed.websiteAnalysis.length, checked: websiteChecked(parsed) };
}

/** Whether a stored result's site was read: not when the check says so, or when every query reads "not checked". */
function websiteChecked(parsed: Record<string, unknown>): boolean {
  if (isRecord(parsed.websiteCheck) && parsed.websiteCheck.status === 'unreadable') return false;
  const items = Array.isArray(parsed.websiteAnalysis) ? parsed.websiteAnalysis : [];
  return items.length === 0 || !items.every((item) => isRecord(item) && item.coverage === 'not-checked');
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

export interface CitedDomain {
  /** The host name without a leading "www.". */
  domain: string;
  /** How many models cited a page of it. */
  models: number;
}

/**
 * The sites an audit's answers cited, most-cited first (by how many models cited them, then by
 * name). Empty for audits stored before answers cited sources, and for anything unreadable.
 */
export function citedDomains(citations: AuditRecord['citations'] | null | undefined): CitedDomain[] {
  const models = new Map<string, number>();
  for (const list of Object.values(isRecord(citations) ? citations : {})) {
    if (!Array.isArray(list)) continue;
    const domains = new Set<string>();
    for (const citation of list as unknown[]) {
      if (!isRecord(citation) || typeof citation.url !== 'string') continue;
      try {
        domains.add(new URL(citation.url).hostname.replace(/^www\./, ''));
      } catch {
        // Not an address: left out.
      }
    }
    for (const domain of domains) models.set(domain, (models.get(domain) ?? 0) + 1);
  }
  return [...models].map(([domain, count]) => ({ domain, models: count })).sort((a, b) => b.models - a.models || a.domain.localeCompare(b.domain));
}

export interface UsageTotals {
  inputTokens: number;
  outputTokens: number;
  searches: number;
}

/** An audit's tokens and web searches over every model that answered; null when none were recorded. */
export function usageTotals(usage: AuditRecord['usage'] | null | undefined): UsageTotals | null {
  const entries = Object.values(isRecord(usage) ? usage : {}).filter(isRecord);
  if (entries.length === 0) return null;
  const sum = (field: keyof UsageTotals) =>
    entries.reduce((total, entry) => total + (typeof entry[field] === 'number' && Number.isFinite(entry[field]) ? entry[field] : 0), 0);
  return { inputTokens: sum('inputTokens'), outputTokens: sum('outputTokens'), searches: sum('searches') };
}

/** An audit's stored answers keyed by engine, or the stored text when it is not that JSON. */
export type StoredAnswers = { kind: 'answers'; answers: Partial<Record<string, string>> } | { kind: 'text'; text: string };

export function parseStoredAnswers(response: string): StoredAnswers {
  try {
    const parsed: unknown = JSON.parse(response);
    if (isRecord(parsed)) {
      const answers = Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
      return { kind: 'answers', answers };
    }
  } catch {
    // Not JSON: shown as stored.
  }
  return { kind: 'text', text: response };
}

/** Fields of a record the panel does not lay out itself, as text, so that a detail panel shows everything stored. */
export function unlistedFields(record: object, known: readonly string[]): [string, string][] {
  return Object.entries(record)
    .filter(([name, value]) => !known.includes(name) && value !== null && value !== undefined)
    .map(([name, value]) => [name, typeof value === 'string' ? value : JSON.stringify(value)]);
}

export interface SemanticExpansionDetail {
  queries: string[];
  /** Each generated query with its reasoning, when the stored answer has them. */
  fanOut: { query: string; type?: string; userIntent?: string; reasoning?: string; routingFormat?: string; weight?: number }[];
  websiteAnalysis: { query: string; found: boolean; coverage?: string; url?: string; content?: string; suggestions: string[] }[];
  /** Null when the site was read; else why it was not (the warning the visitor saw, when stored). */
  notChecked: { warning: string | undefined } | null;
}

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/** Everything a stored semantic expansion result holds, read defensively; null when it does not parse. */
export function parseSemanticExpansionResults(results: string): SemanticExpansionDetail | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(results);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
  const warning = isRecord(parsed.websiteCheck) ? str(parsed.websiteCheck.warning) : undefined;
  return {
    notChecked: websiteChecked(parsed) ? null : { warning },
    queries: list(parsed.queries).filter((query): query is string => typeof query === 'string'),
    fanOut: list(parsed.fanOut)
      .filter(isRecord)
      .map((item) => ({
        query: str(item.query) ?? '',
        type: str(item.type),
        userIntent: str(item.userIntent),
        reasoning: str(item.reasoning),
        routingFormat: str(item.routingFormat),
        weight: typeof item.weight === 'number' ? item.weight : undefined,
      })),
    websiteAnalysis: list(parsed.websiteAnalysis)
      .filter(isRecord)
      .map((item) => ({
        query: str(item.query) ?? '',
        found: item.found === true,
        coverage: str(item.coverage),
        url: str(item.url),
        content: str(item.content),
        suggestions: list(item.suggestions).filter((suggestion): suggestion is string => typeof suggestion === 'string'),
      })),
  };
}

const ENGINE_ORDER = ['openai', 'claude', 'gemini', 'grok'] as const;

/** The model each engine answered with ("ChatGPT: gpt-4o; …"), or the one stored model of older records. */
export function engineModels(record: Pick<AuditRecord, 'model' | 'models'>): string {
  const named = ENGINE_ORDER.filter((key) => record.models?.[key]).map((key) => `${ANSWER_LABELS[key]}: ${record.models[key]}`);
  return named.length ? named.join('; ') : record.model;
}

const percent = (share: number) => `${wholePercent(share)}%`;

/** The worker's visibility figures for the visitor's brand, in one sentence: the score as the report shows it, never worked out again here. */
export function visibilitySummary(visibility: AuditBrandVisibility): string {
  const position = visibility.averagePosition === null ? '' : `, average position ${Number(visibility.averagePosition.toFixed(1))}`;
  return (
    `${visibility.brand} is named in ${visibility.mentionedIn} of ${visibility.answers} answers ` +
    `(${brandVisibilityScore(visibility)}%; 95% interval ${wholePercent(visibility.low)}–${percent(visibility.high)}), ${percent(visibility.shareOfVoice)} share of voice${position}.`
  );
}
