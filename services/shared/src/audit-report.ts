import { brandAliases, wholeWordPattern, withoutRefusals } from './audit-visibility.js';
import { MODEL_PROVIDER_IDS } from './model-providers.js';
import { AUDIT_MODEL_KEYS, type AuditCitation, type AuditModelKey } from './tool-answers.js';

/**
 * The AI Search Audit report: each engine is asked the same question several times (answers
 * change from one ask to the next), the brands every answer recommends are listed in order of
 * first mention, and the visitor's brand is measured against them (docs/audit-report.md).
 */

/** Answers asked of each engine when AUDIT_RUNS is not set. */
export const DEFAULT_AUDIT_RUNS = 3;
export const MAX_AUDIT_RUNS = 5;
/** Days a report can be opened when AUDIT_REPORT_DAYS is not set. */
export const DEFAULT_AUDIT_REPORT_DAYS = 90;
/** Below this many brands per answer on average, the question "rarely names brands". */
export const FEW_BRANDS_PER_ANSWER = 2;

export const AUDIT_REPORT_PATH = '/ai-search-audit/report';
export const AUDIT_REPORT_API_PATH = '/api/llm-query/reports';

/** The 404 messages of GET AUDIT_REPORT_API_PATH/{id}; the report page tells them apart by these. */
export const AUDIT_REPORT_NOT_FOUND_MESSAGE = 'This report does not exist. Check the link, or run a new audit.';
export const AUDIT_REPORT_EXPIRED_MESSAGE = 'This report has expired. Reports are kept for a limited time; run a new audit to see where you stand today.';

/** A report id: 22 characters of base64url (128 random bits). */
const REPORT_ID = /^[A-Za-z0-9_-]{22}$/;

export function isAuditReportId(value: unknown): value is string {
  return typeof value === 'string' && REPORT_ID.test(value);
}

export function auditReportUrl(reportId: string): string {
  return `${AUDIT_REPORT_PATH}/${reportId}`;
}

/** One answer of one engine, as the report keeps it. */
export interface AuditRunAnswer {
  /** Plain text with source markers "[n]" into `citations`. */
  text: string;
  citations: AuditCitation[];
  searchQueries: string[];
  grounded: boolean;
  /** The brands or products the answer recommends, in order of first mention. */
  brands: string[];
}

export interface AuditBrandRow {
  name: string;
  /** Per engine: how many of its answers name the brand. */
  mentions: Partial<Record<AuditModelKey, number>>;
  /** Per engine: the best (lowest) 1-based rank the brand took among the brands of one answer. */
  firstPosition: Partial<Record<AuditModelKey, number>>;
}

/** How one engine treated the visitor's brand across its answers. */
export interface EngineBrandVisibility {
  mentionedIn: number;
  answers: number;
  /** The brand's 1-based rank in each answer naming it, in answer order. */
  positions: number[];
}

export interface AuditBrandVisibility {
  /** The first of the names the visitor gave. */
  brand: string;
  /** Every name it was looked for under. */
  aliases: string[];
  /** Answers naming it, out of `answers` answered. */
  mentionedIn: number;
  answers: number;
  /** 95% Wilson score interval of the mention rate, 0–1. */
  low: number;
  high: number;
  /** Its answer mentions divided by every brand's answer mentions, 0–1 (0 when no brand was named). */
  shareOfVoice: number;
  /** Mean rank over the answers naming it; null when none does. */
  averagePosition: number | null;
  engines: Partial<Record<AuditModelKey, EngineBrandVisibility>>;
}

export interface CitedDomain {
  domain: string;
  /** Citations of this site across every answer (one page cited by two answers counts two). */
  count: number;
  /** The visitor's own site. */
  own: boolean;
}

/** Offset of the first whole-word mention of any of the names outside refusals, or -1. */
export function firstMention(text: string, names: readonly string[]): number {
  const clean = withoutRefusals(text.normalize('NFC'));
  let first = -1;
  for (const name of names) {
    if (name.trim() === '') continue;
    const pattern = wholeWordPattern(name);
    pattern.lastIndex = 0;
    const match = pattern.exec(clean);
    if (match && (first === -1 || match.index < first)) first = match.index;
  }
  return first;
}

/** A brand name matches the visitor's when one names the other as a whole word ("Brand X" in "Brand X Hydration"). */
function isVisitorsBrand(name: string, aliases: readonly string[]): boolean {
  return aliases.some((alias) => firstMention(name, [alias]) !== -1 || firstMention(alias, [name]) !== -1);
}

/**
 * The brands of one answer in order of first mention, the visitor's brand (under its first name)
 * put in its place when the text names it though the list missed it; brands never named in the
 * text outside a refusal are dropped.
 */
export function rankedBrands(answer: Pick<AuditRunAnswer, 'text' | 'brands'>, aliases: readonly string[]): string[] {
  const placed: { name: string; at: number }[] = [];
  let visitorPlaced = false;
  for (const name of answer.brands) {
    const visitors = aliases.length > 0 && isVisitorsBrand(name, aliases);
    if (visitors && visitorPlaced) continue;
    const at = visitors ? Math.min(...[firstMention(answer.text, [name]), firstMention(answer.text, aliases)].filter((n) => n >= 0)) : firstMention(answer.text, [name]);
    if (!Number.isFinite(at) || at < 0) continue;
    if (placed.some((entry) => entry.name.toLocaleLowerCase('en-GB') === name.toLocaleLowerCase('en-GB'))) continue;
    placed.push({ name: visitors ? aliases[0]! : name, at });
    if (visitors) visitorPlaced = true;
  }
  if (!visitorPlaced && aliases.length > 0) {
    const at = firstMention(answer.text, aliases);
    if (at >= 0) placed.push({ name: aliases[0]!, at });
  }
  return placed.sort((a, b) => a.at - b.at).map((entry) => entry.name);
}

/** 95% Wilson score interval of k successes in n trials; [0, 1] when n is 0. */
export function wilsonInterval(k: number, n: number, z = 1.959964): { low: number; high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = k / n;
  const z2 = z * z;
  const centre = p + z2 / (2 * n);
  const margin = z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  const denominator = 1 + z2 / n;
  const round = (value: number) => Math.round(Math.min(1, Math.max(0, value)) * 10_000) / 10_000;
  return { low: round((centre - margin) / denominator), high: round((centre + margin) / denominator) };
}

/** "3" for one position, "1–3" for several. */
export function positionRange(positions: readonly number[]): string {
  if (positions.length === 0) return '';
  const low = Math.min(...positions);
  const high = Math.max(...positions);
  return low === high ? String(low) : `${low}–${high}`;
}

export type AuditRunAnswers = Partial<Record<AuditModelKey, AuditRunAnswer[]>>;

export interface AuditBrandReport {
  brands: AuditBrandRow[];
  visibility: AuditBrandVisibility | null;
}

/**
 * The brand table and the visitor's visibility from every answer. A brand's "mentions" count
 * answers, not occurrences; share of voice is the visitor's answer mentions over all brands'.
 */
export function auditBrandReport(runAnswers: AuditRunAnswers, brand: string | null | undefined): AuditBrandReport {
  const aliases = brandAliases(brand);
  const rows = new Map<string, AuditBrandRow & { order: number }>();
  const engines: Partial<Record<AuditModelKey, EngineBrandVisibility>> = {};
  let answers = 0;
  let mentionedIn = 0;
  let allMentions = 0;
  const visitorPositions: number[] = [];
  for (const id of MODEL_PROVIDER_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const list = runAnswers[key];
    if (!list || list.length === 0) continue;
    const engine: EngineBrandVisibility = { mentionedIn: 0, answers: list.length, positions: [] };
    for (const answer of list) {
      answers++;
      const ranked = rankedBrands(answer, aliases);
      ranked.forEach((name, index) => {
        const rowKey = name.toLocaleLowerCase('en-GB');
        const row = rows.get(rowKey) ?? { name, mentions: {}, firstPosition: {}, order: rows.size };
        row.mentions[key] = (row.mentions[key] ?? 0) + 1;
        row.firstPosition[key] = Math.min(row.firstPosition[key] ?? Infinity, index + 1);
        rows.set(rowKey, row);
        allMentions++;
      });
      const at = aliases.length > 0 ? ranked.indexOf(aliases[0]!) : -1;
      if (at >= 0) {
        engine.mentionedIn++;
        engine.positions.push(at + 1);
        visitorPositions.push(at + 1);
        mentionedIn++;
      }
    }
    engines[key] = engine;
  }
  const total = (row: AuditBrandRow) => Object.values(row.mentions).reduce((sum, n) => sum + n, 0);
  const bestRank = (row: AuditBrandRow) => Math.min(...Object.values(row.firstPosition));
  const brands = [...rows.values()]
    .sort((a, b) => total(b) - total(a) || bestRank(a) - bestRank(b) || a.order - b.order)
    .map(({ name, mentions, firstPosition }) => ({ name, mentions, firstPosition }));
  if (aliases.length === 0) return { brands, visibility: null };
  const interval = wilsonInterval(mentionedIn, answers);
  return {
    brands,
    visibility: {
      brand: aliases[0]!,
      aliases,
      mentionedIn,
      answers,
      ...interval,
      shareOfVoice: allMentions === 0 ? 0 : Math.round((mentionedIn / allMentions) * 10_000) / 10_000,
      averagePosition: visitorPositions.length === 0 ? null : Math.round((visitorPositions.reduce((a, b) => a + b, 0) / visitorPositions.length) * 10) / 10,
      engines,
    },
  };
}

/** Brands per answer, on average (0 without answers). */
export function brandsPerAnswer(runAnswers: AuditRunAnswers): number {
  const all = Object.values(runAnswers).flat();
  if (all.length === 0) return 0;
  return all.reduce((sum, answer) => sum + answer.brands.length, 0) / all.length;
}

/** A cited page's site as shown: its host name without "www.", lower case; undefined when it does not parse. */
export function citedDomain(url: string): string | undefined {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
}

/** True when the cited address is on the visitor's site (same host, or a subdomain of it). */
export function isOwnSite(url: string, website: string | null | undefined): boolean {
  if (!website) return false;
  const own = citedDomain(website.includes('://') ? website : `https://${website}`);
  const cited = citedDomain(url);
  return own !== undefined && cited !== undefined && (cited === own || cited.endsWith(`.${own}`));
}

/** Every cited site across the answers, most cited first. */
export function citedDomains(runAnswers: AuditRunAnswers, website: string | null | undefined): CitedDomain[] {
  const counts = new Map<string, CitedDomain & { order: number }>();
  for (const answer of Object.values(runAnswers).flat()) {
    for (const citation of answer.citations) {
      const domain = citedDomain(citation.url);
      if (domain === undefined) continue;
      const entry = counts.get(domain) ?? { domain, count: 0, own: isOwnSite(citation.url, website), order: counts.size };
      entry.count++;
      counts.set(domain, entry);
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.order - b.order).map(({ domain, count, own }) => ({ domain, count, own }));
}

/** Per engine that answered: whether any of its answers cited the visitor's site. */
export function websiteCitedBy(runAnswers: AuditRunAnswers, website: string | null | undefined): Partial<Record<AuditModelKey, boolean>> {
  const cited: Partial<Record<AuditModelKey, boolean>> = {};
  for (const [key, list] of Object.entries(runAnswers) as [AuditModelKey, AuditRunAnswer[]][]) {
    if (list.length > 0) cited[key] = list.some((answer) => answer.citations.some((citation) => isOwnSite(citation.url, website)));
  }
  return cited;
}
