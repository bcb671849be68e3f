import { brandAliases, wholeWordPattern } from './audit-visibility.js';
import {
  citedDomain,
  competitorNames,
  firstMention,
  isOwnSite,
  rankedBrands,
  type AuditBrandRow,
  type AuditBrandVisibility,
  type AuditRunAnswer,
  type AuditRunAnswers,
} from './audit-report.js';
import { MODEL_PROVIDER_LABELS, SEARCH_ENGINE_IDS } from './model-providers.js';
import { AUDIT_MODEL_KEYS, type AuditModelKey } from './tool-answers.js';

/**
 * What the audit's answers say the visitor should do (docs/audit-report.md): which sites stand
 * behind each brand, where competitors are cited and the visitor is not, what the engines read
 * but did not cite, whether the models know the brand without searching, and a ranked list of
 * next steps made from those figures alone (no model writes any of it). Computed once, in the
 * worker, and stored with the report.
 */

/** Where the audit asks from and in what language (the engines' location hints and the instructions say so). */
export const AUDIT_LOCATION = 'United Kingdom';
export const AUDIT_LANGUAGE = 'en-GB';
/** Domains listed per brand in brandSources. */
export const BRAND_SOURCE_DOMAINS = 10;
/** Gap domains named in one next step. */
const GAP_DOMAINS_PER_STEP = 3;
/** Searches named in one next step. */
const SEARCHES_PER_STEP = 3;
/** Steps in the list at most. */
export const MAX_NEXT_STEPS = 6;
/** Semantic Expansion's page, where a search that finds nothing of the visitor's is handed over. */
export const SEMANTIC_EXPANSION_PATH = '/query-fan-out';

export interface BrandSources {
  brand: string;
  /** Sites cited in the answers naming the brand: how many of those answers cite each, most first. */
  domains: { domain: string; answers: number }[];
}

export interface GapDomain {
  domain: string;
  /** The competitors named in answers citing it, most mentioned first. */
  competitors: string[];
  /** Answers citing it that name at least one competitor. */
  answers: number;
}

export interface RetrievalRow {
  domain: string;
  /** Answers in which the engine read at least one page of the site (a cited page counts as read). */
  retrieved: number;
  /** Answers in which it cited one. */
  cited: number;
}

/** One page of the visitor's site that an engine read or cited. */
export interface WebsitePage {
  url: string;
  readBy: AuditModelKey[];
  citedBy: AuditModelKey[];
}

/** One engine's answer with search off: the same question and instructions, from the model alone. */
export interface MemoryAnswer {
  text: string;
  model?: string;
}

export interface EngineMemory {
  /** Whether the search-off answer names the brand; null without a brand. */
  mentioned: boolean | null;
  /** Whether its searched answers named the brand (any of them); null without a brand. */
  foundBySearch: boolean | null;
  /** The pair read as one sentence; absent without a brand. */
  reading?: string;
}

export type NextStepKind = 'get-listed' | 'search-gap' | 'read-not-cited' | 'not-in-memory';

export interface NextStep {
  kind: NextStepKind;
  text: string;
  /** The figure it comes from, as a sentence. */
  basis: string;
  /** Semantic Expansion for the search ("search-gap" only). */
  href?: string;
}

export interface AuditMethod {
  askedAt: string;
  location: string;
  language: string;
  runs: number;
  models: Partial<Record<AuditModelKey, string>>;
}

export interface AuditInsights {
  brandSources: BrandSources[];
  gapDomains: GapDomain[];
  retrieval: Partial<Record<AuditModelKey, RetrievalRow[]>>;
  websitePages: WebsitePage[];
  memory: Partial<Record<AuditModelKey, EngineMemory>>;
  nextSteps: NextStep[];
  method: AuditMethod;
}

export interface AuditInsightsInput {
  runAnswers: AuditRunAnswers;
  brand: string | null | undefined;
  competitors?: readonly string[] | null;
  website: string | null | undefined;
  brands: readonly AuditBrandRow[];
  visibility: AuditBrandVisibility | null;
  /** Each engine's search-off answer, where it gave one. */
  memoryAnswers: Partial<Record<AuditModelKey, MemoryAnswer>>;
  models: Partial<Record<AuditModelKey, string>>;
  runs: number;
  askedAt: Date;
}

interface MeasuredAnswer {
  key: AuditModelKey;
  answer: AuditRunAnswer;
  /** The brands it names (the measured subjects under their own names), in order. */
  named: string[];
  cited: Set<string>;
  read: Set<string>;
}

const byDomain = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function domainsOf(urls: readonly string[]): Set<string> {
  return new Set(urls.map(citedDomain).filter((domain): domain is string => domain !== undefined));
}

function measuredAnswers(input: AuditInsightsInput): MeasuredAnswer[] {
  const aliases = brandAliases(input.brand);
  const competitors = competitorNames(input.competitors);
  return SEARCH_ENGINE_IDS.flatMap((id) => {
    const key = AUDIT_MODEL_KEYS[id];
    return (input.runAnswers[key] ?? []).map((answer) => {
      const citedUrls = answer.citations.map((citation) => citation.url);
      return {
        key,
        answer,
        named: rankedBrands(answer, aliases, competitors),
        cited: domainsOf(citedUrls),
        read: domainsOf([...(answer.retrieved ?? []), ...citedUrls]),
      };
    });
  });
}

/** A site that belongs to the brand itself: its host names the brand ("www.haldenandmoss.example" for "Halden & Moss"). */
export function isBrandsOwnDomain(domain: string, brand: string): boolean {
  const squashed = brand.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '');
  if (squashed.length < 3) return false;
  return domain.split('.').some((label) => label.replace(/[^a-z0-9]/g, '') === squashed);
}

/** For each brand of the table, the sites cited in the answers naming it. */
export function brandSources(answers: readonly MeasuredAnswer[], brands: readonly AuditBrandRow[]): BrandSources[] {
  return brands.map((row) => {
    const counts = new Map<string, number>();
    for (const measured of answers) {
      if (!measured.named.includes(row.name)) continue;
      for (const domain of measured.cited) counts.set(domain, (counts.get(domain) ?? 0) + 1);
    }
    const domains = [...counts]
      .map(([domain, count]) => ({ domain, answers: count }))
      .sort((a, b) => b.answers - a.answers || byDomain(a.domain, b.domain))
      .slice(0, BRAND_SOURCE_DOMAINS);
    return { brand: row.name, domains };
  });
}

/**
 * Sites cited in answers naming two or more competitors (every other brand of the table) and in
 * no answer naming the visitor, leaving out the visitor's own site and the brands' own sites:
 * where to get listed. Most competitors first, then most answers.
 */
export function gapDomains(answers: readonly MeasuredAnswer[], brands: readonly AuditBrandRow[], visibility: AuditBrandVisibility | null, website: string | null | undefined): GapDomain[] {
  if (!visibility) return [];
  const visitor = visibility.brand;
  const others = brands.map((row) => row.name).filter((name) => name !== visitor);
  const rank = new Map(others.map((name, index) => [name, index]));
  const citedWithVisitor = new Set<string>();
  const found = new Map<string, { competitors: Set<string>; answers: number }>();
  for (const measured of answers) {
    if (measured.named.includes(visitor)) for (const domain of measured.cited) citedWithVisitor.add(domain);
    const competitors = measured.named.filter((name) => rank.has(name));
    if (competitors.length === 0) continue;
    for (const domain of measured.cited) {
      const entry = found.get(domain) ?? { competitors: new Set<string>(), answers: 0 };
      entry.answers++;
      for (const name of competitors) entry.competitors.add(name);
      found.set(domain, entry);
    }
  }
  return [...found]
    .filter(([domain, entry]) =>
      entry.competitors.size >= 2 &&
      !citedWithVisitor.has(domain) &&
      !isOwnSite(`https://${domain}/`, website) &&
      !visibility.aliases.some((alias) => isBrandsOwnDomain(domain, alias)) &&
      !others.some((name) => isBrandsOwnDomain(domain, name)),
    )
    .map(([domain, entry]) => ({ domain, competitors: [...entry.competitors].sort((a, b) => rank.get(a)! - rank.get(b)!), answers: entry.answers }))
    .sort((a, b) => b.competitors.length - a.competitors.length || b.answers - a.answers || byDomain(a.domain, b.domain));
}

/** Per engine whose API says what it read: each site read and cited, in how many of its answers. */
export function retrieval(answers: readonly MeasuredAnswer[]): Partial<Record<AuditModelKey, RetrievalRow[]>> {
  const rows: Partial<Record<AuditModelKey, RetrievalRow[]>> = {};
  for (const id of SEARCH_ENGINE_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const own = answers.filter((measured) => measured.key === key);
    if (!own.some((measured) => measured.answer.retrieved !== undefined)) continue;
    const counts = new Map<string, RetrievalRow>();
    for (const measured of own) {
      for (const domain of measured.read) {
        const row = counts.get(domain) ?? { domain, retrieved: 0, cited: 0 };
        row.retrieved++;
        if (measured.cited.has(domain)) row.cited++;
        counts.set(domain, row);
      }
    }
    rows[key] = [...counts.values()].sort((a, b) => b.retrieved - a.retrieved || b.cited - a.cited || byDomain(a.domain, b.domain));
  }
  return rows;
}

/** The visitor's pages the engines read or cited, pages read but never cited first. */
export function websitePages(answers: readonly MeasuredAnswer[], website: string | null | undefined): WebsitePage[] {
  if (!website) return [];
  const pages = new Map<string, { readBy: Set<AuditModelKey>; citedBy: Set<AuditModelKey> }>();
  const page = (url: string) => {
    const entry = pages.get(url) ?? { readBy: new Set<AuditModelKey>(), citedBy: new Set<AuditModelKey>() };
    pages.set(url, entry);
    return entry;
  };
  for (const { key, answer } of answers) {
    for (const url of answer.retrieved ?? []) if (isOwnSite(url, website)) page(url).readBy.add(key);
    for (const { url } of answer.citations) {
      if (!isOwnSite(url, website)) continue;
      page(url).readBy.add(key);
      page(url).citedBy.add(key);
    }
  }
  const order = (keys: Set<AuditModelKey>) => SEARCH_ENGINE_IDS.map((id) => AUDIT_MODEL_KEYS[id]).filter((key) => keys.has(key));
  return [...pages]
    .map(([url, entry]) => ({ url, readBy: order(entry.readBy), citedBy: order(entry.citedBy) }))
    .sort((a, b) => Number(a.citedBy.length > 0) - Number(b.citedBy.length > 0) || b.readBy.length - a.readBy.length || byDomain(a.url, b.url));
}

/** The memory answer and the searched answers of one engine, read as one sentence. */
export function memoryReading(mentioned: boolean, foundBySearch: boolean): string {
  if (mentioned && foundBySearch) return 'Known to the model and found by search: keep the pages that rank for these searches up to date.';
  if (mentioned) return 'Known to the model but not found by search: work on pages that rank for these searches.';
  if (foundBySearch) return 'Found by search but not known from memory: keep earning mentions on the sites the engines read, so that the models learn the brand.';
  return 'Neither known from memory nor found by search: get listed on the sites the engines cite before anything else.';
}

/** Per engine asked with search off: whether it names the brand, beside whether its searched answers did. */
export function engineMemory(
  memoryAnswers: Partial<Record<AuditModelKey, MemoryAnswer>>,
  brand: string | null | undefined,
  visibility: AuditBrandVisibility | null,
): Partial<Record<AuditModelKey, EngineMemory>> {
  const aliases = brandAliases(brand);
  const memory: Partial<Record<AuditModelKey, EngineMemory>> = {};
  for (const id of SEARCH_ENGINE_IDS) {
    const key = AUDIT_MODEL_KEYS[id];
    const answer = memoryAnswers[key];
    if (!answer) continue;
    if (aliases.length === 0) {
      memory[key] = { mentioned: null, foundBySearch: null };
      continue;
    }
    const mentioned = firstMention(answer.text, aliases) !== -1;
    const engine = visibility?.engines[key];
    const foundBySearch = engine === undefined ? null : engine.mentionedIn > 0;
    memory[key] = { mentioned, foundBySearch, ...(foundBySearch === null ? {} : { reading: memoryReading(mentioned, foundBySearch) }) };
  }
  return memory;
}

function engineNames(keys: readonly AuditModelKey[]): string {
  const names = SEARCH_ENGINE_IDS.filter((id) => keys.includes(AUDIT_MODEL_KEYS[id])).map((id) => MODEL_PROVIDER_LABELS[id]);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The next steps, each from one figure, ranked by the share of what was measured that it
 * concerns (answers, or engines for memory); equal shares keep the order of NextStepKind.
 */
export function nextSteps(
  answers: readonly MeasuredAnswer[],
  input: Pick<AuditInsightsInput, 'brand' | 'website' | 'visibility'>,
  gaps: readonly GapDomain[],
  pages: readonly WebsitePage[],
  memory: Partial<Record<AuditModelKey, EngineMemory>>,
): NextStep[] {
  const total = answers.length;
  if (total === 0) return [];
  const steps: { step: NextStep; weight: number; order: number }[] = [];
  const brand = input.visibility?.brand;

  if (gaps.length > 0) {
    const top = gaps.slice(0, GAP_DOMAINS_PER_STEP);
    const gapSet = new Set(top.map((gap) => gap.domain));
    const affected = answers.filter((measured) => [...measured.cited].some((domain) => gapSet.has(domain))).length;
    const names = [...new Set(top.flatMap((gap) => gap.competitors))].slice(0, 3);
    steps.push({
      order: 0,
      weight: affected / total,
      step: {
        kind: 'get-listed',
        text: `Get listed on ${top.map((gap) => gap.domain).join(', ')}: the engines cite ${top.length === 1 ? 'it' : 'them'} for ${names.join(', ')} and never for ${brand}.`,
        basis: `Sources behind each brand: ${top.map((gap) => `${gap.domain} is cited in ${plural(gap.answers, 'answer')} naming ${plural(gap.competitors.length, 'competitor')}`).join('; ')}, and in none naming ${brand}.`,
      },
    });
  }

  if (brand !== undefined || input.website) {
    const aliases = brandAliases(input.brand);
    const missed = new Map<string, Set<AuditModelKey>>();
    for (const measured of answers) {
      const named = brand !== undefined && measured.named.includes(brand);
      const cited = measured.answer.citations.some((citation) => isOwnSite(citation.url, input.website));
      if (named || cited) continue;
      for (const query of measured.answer.searchQueries) {
        // A search that names the brand is the brand's own question, not a shopper's.
        if (aliases.some((alias) => wholeWordPattern(alias).test(query))) continue;
        const key = query.toLocaleLowerCase('en-GB');
        const entry = missed.get(key) ?? new Set<AuditModelKey>();
        entry.add(measured.key);
        missed.set(key, entry);
      }
    }
    const originals = new Map(answers.flatMap((measured) => measured.answer.searchQueries.map((query) => [query.toLocaleLowerCase('en-GB'), query] as const)));
    const ranked = [...missed].sort((a, b) => b[1].size - a[1].size || byDomain(a[0], b[0])).slice(0, SEARCHES_PER_STEP);
    if (ranked.length > 0) {
      const affected = answers.filter((measured) => measured.answer.searchQueries.some((query) => ranked.some(([key]) => key === query.toLocaleLowerCase('en-GB')))).length;
      const queries = ranked.map(([key]) => originals.get(key) ?? key);
      const first = queries[0]!;
      steps.push({
        order: 1,
        weight: affected / total,
        step: {
          kind: 'search-gap',
          text: `These searches the engines ran find nothing of yours: ${queries.map((query) => `“${query}”`).join(', ')}. Run Semantic Expansion on “${first}” to see which pages would answer it.`,
          basis: `Searches: run by ${engineNames([...new Set(ranked.flatMap(([, keys]) => [...keys]))])} for answers that neither name ${brand ?? 'you'} nor cite your site.`,
          href: `${SEMANTIC_EXPANSION_PATH}?keyword=${encodeURIComponent(first)}`,
        },
      });
    }
  }

  pages
    .filter((page) => page.citedBy.length === 0)
    .forEach((page, index) => {
      const affected = answers.filter((measured) => (measured.answer.retrieved ?? []).includes(page.url)).length;
      steps.push({
        order: 2 + index / 100,
        weight: affected / total,
        step: {
          kind: 'read-not-cited',
          text: `Your page ${page.url} was read but not cited: put a plain answer to the question near its top, with the facts the engines quote (prices, sizes, test results).`,
          basis: `Retrieved vs cited: read by ${engineNames(page.readBy)} in ${plural(affected, 'answer')}, cited in none.`,
        },
      });
    });

  const asked = Object.entries(memory) as [AuditModelKey, EngineMemory][];
  const unknown = asked.filter(([, engine]) => engine.mentioned === false).map(([key]) => key);
  if (brand !== undefined && unknown.length > 0) {
    steps.push({
      order: 3,
      weight: unknown.length / asked.length,
      step: {
        kind: 'not-in-memory',
        text: `${engineNames(unknown)} ${unknown.length === 1 ? 'does' : 'do'} not know ${brand} from memory: earn mentions on the sites the engines read (reviews, round-ups, forums), which is what the next models learn from.`,
        basis: `Memory vs live search: asked once with search off, ${plural(unknown.length, 'engine')} of ${asked.length} did not name ${brand}.`,
      },
    });
  }

  return steps
    .sort((a, b) => b.weight - a.weight || a.order - b.order)
    .slice(0, MAX_NEXT_STEPS)
    .map((entry) => entry.step);
}

/** Every figure of this module, from the stored answers: the one place they are computed. */
export function auditInsights(input: AuditInsightsInput): AuditInsights {
  const answers = measuredAnswers(input);
  const gaps = gapDomains(answers, input.brands, input.visibility, input.website);
  const pages = websitePages(answers, input.website);
  const memory = engineMemory(input.memoryAnswers, input.brand, input.visibility);
  return {
    brandSources: brandSources(answers, input.brands),
    gapDomains: gaps,
    retrieval: retrieval(answers),
    websitePages: pages,
    memory,
    nextSteps: nextSteps(answers, input, gaps, pages, memory),
    method: { askedAt: input.askedAt.toISOString(), location: AUDIT_LOCATION, language: AUDIT_LANGUAGE, runs: input.runs, models: input.models },
  };
}

/** Each engine's search-off answer, as the report's raw answers keep it. */
export type AuditMemoryAnswers = Partial<Record<AuditModelKey, MemoryAnswer>>;

/** The insight fields of an answer or report, as stored with it. */
export function insightFields(source: AuditInsights): AuditInsights {
  const { brandSources, gapDomains, retrieval, websitePages, memory, nextSteps, method } = source;
  return { brandSources, gapDomains, retrieval, websitePages, memory, nextSteps, method };
}

/** A stored report's insights; a report stored before them reads as empty figures with the method it can tell. */
export function storedInsightFields(stored: Partial<AuditInsights> | null | undefined, fallback: AuditMethod): AuditInsights {
  return {
    brandSources: stored?.brandSources ?? [],
    gapDomains: stored?.gapDomains ?? [],
    retrieval: stored?.retrieval ?? {},
    websitePages: stored?.websitePages ?? [],
    memory: stored?.memory ?? {},
    nextSteps: stored?.nextSteps ?? [],
    method: stored?.method ?? fallback,
  };
}
