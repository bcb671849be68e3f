import { brandAliases, visibilityScore, wholeWordPattern, withoutRefusals, type BrandMentionStatus } from './audit-visibility.js';
import { SEARCH_ENGINE_IDS, type ModelProviderId } from './model-providers.js';
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
/** Competitors a visitor may name beside their brand. */
export const MAX_AUDIT_COMPETITORS = 5;
/** Sites listed before "Show every source". */
export const CITED_DOMAINS_SHOWN = 12;

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
  /**
   * The pages the engine read for the answer (cited or not), where its API says: OpenAI's search
   * sources, Claude's search results, Gemini's grounding chunks, Perplexity's search results.
   */
  retrieved?: string[];
  /** How the answer describes each brand it names (from the brand-listing call, checked against the text). */
  brandNotes?: BrandNote[];
}

export const BRAND_SENTIMENTS = ['positive', 'neutral', 'negative'] as const;
export type BrandSentiment = (typeof BRAND_SENTIMENTS)[number];

/** One brand as one answer describes it: its tone, and the qualities it names (words of the answer). */
export interface BrandNote {
  name: string;
  sentiment: BrandSentiment;
  attributes: string[];
}

/** Answers naming a brand, by the tone they describe it in. */
export type SentimentCounts = Record<BrandSentiment, number>;

export interface AuditBrandRow {
  name: string;
  /** Per engine: how many of its answers name the brand. */
  mentions: Partial<Record<AuditModelKey, number>>;
  /** Per engine: the best (lowest) 1-based rank the brand took among the brands of one answer. */
  firstPosition: Partial<Record<AuditModelKey, number>>;
  /** The answers naming it, by tone (answers without a note on the brand are not counted). */
  sentiment?: SentimentCounts;
  /** The qualities the answers give it, most often first: how many answers say each. */
  attributes?: { attribute: string; answers: number }[];
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

/** Someone measured across the answers: the visitor's brand (under any of its names) or a competitor. */
interface Subject {
  /** The name its row and figures carry. */
  name: string;
  aliases: readonly string[];
}

/**
 * The brands of one answer in order of first mention, each measured subject (the visitor's brand,
 * then the competitors) under its own name, put in its place when the text names it though the
 * list missed it; brands never named in the text outside a refusal are dropped.
 */
export function rankedBrands(answer: Pick<AuditRunAnswer, 'text' | 'brands'>, aliases: readonly string[], competitors: readonly string[] = []): string[] {
  const subjects = measuredSubjects(aliases, competitors);
  const placed: { name: string; at: number }[] = [];
  const subjectPlaced = new Set<Subject>();
  for (const name of answer.brands) {
    const subject = subjects.find((candidate) => isVisitorsBrand(name, candidate.aliases));
    if (subject && subjectPlaced.has(subject)) continue;
    const at = subject ? Math.min(...[firstMention(answer.text, [name]), firstMention(answer.text, subject.aliases)].filter((n) => n >= 0)) : firstMention(answer.text, [name]);
    if (!Number.isFinite(at) || at < 0) continue;
    const shown = subject?.name ?? name;
    if (placed.some((entry) => entry.name.toLocaleLowerCase('en-GB') === shown.toLocaleLowerCase('en-GB'))) continue;
    placed.push({ name: shown, at });
    if (subject) subjectPlaced.add(subject);
  }
  for (const subject of subjects) {
    if (subjectPlaced.has(subject)) continue;
    const at = firstMention(answer.text, subject.aliases);
    if (at >= 0 && !placed.some((entry) => entry.name.toLocaleLowerCase('en-GB') === subject.name.toLocaleLowerCase('en-GB'))) placed.push({ name: subject.name, at });
  }
  return placed.sort((a, b) => a.at - b.at).map((entry) => entry.name);
}

/** The answer's note on a brand it names: under the same name, or under any name of the measured subject shown as that name. */
function noteFor(notes: readonly BrandNote[] | undefined, shown: string, subjects: readonly Subject[]): BrandNote | undefined {
  if (!notes) return undefined;
  const names = subjects.find((subject) => subject.name === shown)?.aliases ?? [shown];
  return notes.find((note) => names.some((name) => name.toLocaleLowerCase('en-GB') === note.name.toLocaleLowerCase('en-GB')) || isVisitorsBrand(note.name, names));
}

/** The visitor's brand first, then each competitor once; a competitor that is one of the brand's names is dropped. */
function measuredSubjects(aliases: readonly string[], competitors: readonly string[]): Subject[] {
  const subjects: Subject[] = aliases.length > 0 ? [{ name: aliases[0]!, aliases }] : [];
  for (const name of competitorNames(competitors)) {
    const key = name.toLocaleLowerCase('en-GB');
    if (aliases.some((alias) => alias.toLocaleLowerCase('en-GB') === key)) continue;
    subjects.push({ name, aliases: [name] });
  }
  return subjects;
}

/** The competitors as given, trimmed, each once, at most MAX_AUDIT_COMPETITORS. */
export function competitorNames(competitors: readonly string[] | null | undefined): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const raw of competitors ?? []) {
    const name = raw.normalize('NFC').trim().replace(/\s+/g, ' ');
    const key = name.toLocaleLowerCase('en-GB');
    if (name === '' || seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names.slice(0, MAX_AUDIT_COMPETITORS);
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
  /** The same figures for each competitor the visitor named, in their order. */
  competitorVisibility: AuditBrandVisibility[];
}

interface Tally {
  mentionedIn: number;
  positions: number[];
  engines: Partial<Record<AuditModelKey, EngineBrandVisibility>>;
}

/**
 * The brand table and the visibility of the visitor's brand and competitors, from every answer.
 * A brand's "mentions" count answers, not occurrences; share of voice is a subject's answer
 * mentions over all brands'. This is the only place these figures are computed: the summary, the
 * table, the CSV and the admin all show what it stored.
 */
export function auditBrandReport(runAnswers: AuditRunAnswers, brand: string | null | undefined, competitors: readonly string[] = []): AuditBrandReport {
  const aliases = brandAliases(brand);
  const subjects = measuredSubjects(aliases, competitors);
  const rows = new Map<string, AuditBrandRow & { order: number; tone: SentimentCounts; said: Map<string, { attribute: string; answers: number }> }>();
  const tallies = subjects.map((): Tally => ({ mentionedIn: 0, positions: [], engines: {} }));
  let answers = 0;
  let allMentions = 0;
  for (const id of SEARCH_ENGINE_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const list = runAnswers[key];
    if (!list || list.length === 0) continue;
    const engines = tallies.map((tally) => {
      const engine: EngineBrandVisibility = { mentionedIn: 0, answers: list.length, positions: [] };
      tally.engines[key] = engine;
      return engine;
    });
    for (const answer of list) {
      answers++;
      const ranked = rankedBrands(answer, aliases, competitors);
      ranked.forEach((name, index) => {
        const rowKey = name.toLocaleLowerCase('en-GB');
        const row = rows.get(rowKey) ?? { name, mentions: {}, firstPosition: {}, order: rows.size, tone: { positive: 0, neutral: 0, negative: 0 }, said: new Map<string, { attribute: string; answers: number }>() };
        row.mentions[key] = (row.mentions[key] ?? 0) + 1;
        row.firstPosition[key] = Math.min(row.firstPosition[key] ?? Infinity, index + 1);
        const note = noteFor(answer.brandNotes, name, subjects);
        if (note) {
          row.tone[note.sentiment]++;
          for (const attribute of note.attributes) {
            const said = row.said.get(attribute.toLocaleLowerCase('en-GB')) ?? { attribute, answers: 0 };
            said.answers++;
            row.said.set(attribute.toLocaleLowerCase('en-GB'), said);
          }
        }
        rows.set(rowKey, row);
        allMentions++;
      });
      subjects.forEach((subject, at) => {
        const position = ranked.indexOf(subject.name) + 1;
        if (position === 0) return;
        engines[at]!.mentionedIn++;
        engines[at]!.positions.push(position);
        tallies[at]!.mentionedIn++;
        tallies[at]!.positions.push(position);
      });
    }
  }
  const described = Object.values(runAnswers).some((list) => list.some((answer) => answer.brandNotes !== undefined));
  const total = (row: AuditBrandRow) => Object.values(row.mentions).reduce((sum, n) => sum + n, 0);
  const bestRank = (row: AuditBrandRow) => Math.min(...Object.values(row.firstPosition));
  const brands = [...rows.values()]
    .sort((a, b) => total(b) - total(a) || bestRank(a) - bestRank(b) || a.order - b.order)
    .map(({ name, mentions, firstPosition, tone, said }) => ({
      name,
      mentions,
      firstPosition,
      // Only when the brand list described the brands (its notes); the deterministic reading does not.
      ...(described
        ? { sentiment: tone, attributes: [...said.values()].sort((a, b) => b.answers - a.answers || a.attribute.localeCompare(b.attribute, 'en-GB')) }
        : {}),
    }));
  const figures = subjects.map((subject, at): AuditBrandVisibility => {
    const { mentionedIn, positions, engines } = tallies[at]!;
    return {
      brand: subject.name,
      aliases: [...subject.aliases],
      mentionedIn,
      answers,
      ...wilsonInterval(mentionedIn, answers),
      shareOfVoice: allMentions === 0 ? 0 : Math.round((mentionedIn / allMentions) * 10_000) / 10_000,
      averagePosition: positions.length === 0 ? null : Math.round((positions.reduce((a, b) => a + b, 0) / positions.length) * 10) / 10,
      engines,
    };
  });
  return aliases.length > 0 ? { brands, visibility: figures[0]!, competitorVisibility: figures.slice(1) } : { brands, visibility: null, competitorVisibility: figures };
}

/** One model's badge in the summary: from the stored figures, never from the text. */
export interface SummaryEngine {
  status: BrandMentionStatus;
  /** Answers naming the subject, out of `answers`. */
  mentionedIn: number;
  answers: number;
}

/** What the summary shows, read from the stored figures (the worker's computation). */
export interface AuditSummaryFigures {
  /** Engines that answered at least once. */
  respondingModels: number;
  /** Answers across every engine. */
  answers: number;
  /** The subject's answers naming it ÷ answers, as a whole percent; null without a subject. */
  score: number | null;
  mentionedIn: number;
  /** SPEC's four engines always; Perplexity only when it answered. */
  engines: Record<ModelProviderId, SummaryEngine> & Partial<Record<'perplexity', SummaryEngine>>;
}

/** The summary's figures for one measured subject (the brand or a competitor), or for none. */
export function auditSummaryFigures(runAnswers: AuditRunAnswers, visibility: AuditBrandVisibility | null): AuditSummaryFigures {
  const engines = {} as AuditSummaryFigures['engines'];
  let respondingModels = 0;
  let answers = 0;
  for (const id of SEARCH_ENGINE_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const count = runAnswers[key]?.length ?? 0;
    if (id === 'perplexity' && count === 0) continue;
    if (count > 0) respondingModels++;
    answers += count;
    const engine = visibility?.engines[key];
    const mentionedIn = engine?.mentionedIn ?? 0;
    engines[id] = { status: count === 0 ? 'no-response' : mentionedIn > 0 ? 'mentioned' : 'not-mentioned', mentionedIn, answers: count };
  }
  return {
    respondingModels,
    answers,
    score: visibility ? brandVisibilityScore(visibility) : null,
    mentionedIn: visibility?.mentionedIn ?? 0,
    engines,
  };
}

/** The visibility score: answers naming the subject ÷ answers, × 100, capped at 100, whole percent. */
export function brandVisibilityScore(visibility: Pick<AuditBrandVisibility, 'mentionedIn' | 'answers'>): number {
  return visibilityScore(visibility.mentionedIn, visibility.answers);
}

/** A 0–1 share as a whole percent, as every view and the CSV show it. */
export function wholePercent(share: number): number {
  return Math.round(share * 100);
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

/**
 * Every cited site across the answers, most cited first, ties in alphabetical order: the order
 * does not depend on how the answers were stored (a JSON column keeps its keys in its own order).
 */
export function citedDomains(runAnswers: AuditRunAnswers, website: string | null | undefined): CitedDomain[] {
  const counts = new Map<string, CitedDomain>();
  for (const id of SEARCH_ENGINE_IDS) {
    for (const answer of runAnswers[AUDIT_MODEL_KEYS[id]] ?? []) {
      for (const citation of answer.citations) {
        const domain = citedDomain(citation.url);
        if (domain === undefined) continue;
        const entry = counts.get(domain) ?? { domain, count: 0, own: isOwnSite(citation.url, website) };
        entry.count++;
        counts.set(domain, entry);
      }
    }
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || (a.domain < b.domain ? -1 : a.domain > b.domain ? 1 : 0));
}

/** Per engine that answered: whether any of its answers cited the visitor's site. */
export function websiteCitedBy(runAnswers: AuditRunAnswers, website: string | null | undefined): Partial<Record<AuditModelKey, boolean>> {
  const cited: Partial<Record<AuditModelKey, boolean>> = {};
  for (const [key, list] of Object.entries(runAnswers) as [AuditModelKey, AuditRunAnswer[]][]) {
    if (list.length > 0) cited[key] = list.some((answer) => answer.citations.some((citation) => isOwnSite(citation.url, website)));
  }
  return cited;
}
