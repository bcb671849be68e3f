import { PROVIDER_LABELS, type SimProvider } from './sim-config.js';
import { digest, pickDistinct, pickOne, refusalSentence, simulatedAuditBrands, simulatedRefusal } from './simulated-answers.js';

/**
 * What a simulated engine "found" when asked in its web-search mode: the searches it ran, the
 * pages it read and an answer whose sentences cite some of them. A pure function of the provider,
 * the query and the cited site, so tests can compute every expectation. Each protocol renders it
 * in its own wire format (protocols/*).
 */

export interface SimSource {
  url: string;
  title: string;
  /** A sentence of the page, as a provider quotes it (Anthropic's cited_text). */
  excerpt: string;
}

export interface SimSentence {
  text: string;
  /** Indices into `sources` of the pages this sentence cites, in order. */
  cites: number[];
}

export interface SimulatedSearch {
  /** The searches the engine ran, in order (empty when it answered from memory). */
  queries: string[];
  /** Every page the searches returned; only some are cited. */
  sources: SimSource[];
  /** Paragraphs of sentences; a rendering joins sentences with a space and paragraphs with a blank line. */
  paragraphs: SimSentence[][];
}

export interface SimulatedSearchOptions {
  /** An http(s) address whose pages the engines cite (the visitor's own site, in tests). */
  citedSite?: string | undefined;
  /** Which of the engine's answers to this question (0 unless asked again; see SIM_AUDIT_VARIANTS). */
  variant?: number;
}

/** Fictional publications under the reserved .example domain: plausible, and never a real site. */
const PUBLICATIONS = [
  { host: 'www.shopwiseguide.example', sections: ['reviews', 'guides'] },
  { host: 'www.thehomebench.example', sections: ['tested', 'buying-guides'] },
  { host: 'www.ukbuyersreport.example', sections: ['best', 'reviews'] },
  { host: 'www.everydaytested.example', sections: ['round-ups', 'reviews'] },
  { host: 'www.consumerpanel.example', sections: ['ratings', 'advice'] },
  { host: 'forum.shoppertalk.example', sections: ['threads'] },
  { host: 'www.greenbasketmag.example', sections: ['features', 'guides'] },
  { host: 'www.valuehunter.example', sections: ['deals', 'compare'] },
] as const;

const SEARCH_TEMPLATES = ['{q} reviews uk', '{q} compared', '{q} buying guide', '{q} recommendations', '{q} which brand'] as const;

/** How many searches each engine tends to run for one question. */
const SEARCH_COUNTS: Record<SimProvider, readonly [min: number, max: number]> = {
  openai: [1, 2],
  anthropic: [1, 2],
  gemini: [2, 3],
  xai: [1, 3],
  perplexity: [1, 2],
};

/** {t} is the question without a leading "best", so that no title reads "The best best …". */
const REVIEW_TITLES = [
  'The best {t}, tested and rated',
  '{Q}: our top picks for this year',
  'We compared the most popular {t} so you do not have to',
  '{T}: what is actually worth buying?',
] as const;

const BRAND_PAGE_KINDS = ['products', 'shop', 'range', 'collections'] as const;

const REASONS = [
  'clear ingredient lists and consistent reviews',
  'a wide range at mid-market prices',
  'fast UK delivery and a generous returns policy',
  'independent lab testing that it publishes',
  'strong ratings from verified buyers',
  'packaging that is easy to recycle',
  'good value on larger sizes',
  'a helpful customer service team',
] as const;

const BRAND_CLAIMS = [
  'ships free across the UK on orders over £30',
  'publishes third-party test results for every batch',
  'offers a 30-day no-quibble returns policy',
  'lists every ingredient and where it comes from',
  'has been independently certified for its sourcing',
] as const;

const INTRODUCTIONS = [
  'Searching for "{q}" turns up a handful of brands that UK reviewers keep coming back to.',
  'For "{q}", recent UK reviews and buying guides mostly agree on a short list.',
  'Here is what current UK reviews and shoppers say about "{q}".',
] as const;

const LEADING_SENTENCES = [
  '{b} is the name that comes up most often, mainly for {r}.',
  '{b} tops several recent round-ups, largely thanks to {r}.',
  'Most reviewers start with {b}, which stands out for {r}.',
] as const;

const FOLLOWING_SENTENCES = [
  '{b} is a popular alternative, praised for {r}.',
  '{b} is worth a look too if you care about {r}.',
  'Buyers who switched often mention {b}, citing {r}.',
  '{b} also scores well, particularly for {r}.',
] as const;

const SITE_SENTENCES = [
  'The buying guide on {h} explains what to look for before you choose.',
  'A detailed page on {h} compares the main options side by side.',
  'A practical overview on {h} covers sizes, prices and who each option suits.',
] as const;

const CLOSING_SENTENCES = [
  'Prices and stock change often, so check the retailer before you order.',
  'Before buying, compare unit prices and read the most recent reviews.',
  'It is worth checking the returns terms, since policies differ between sellers.',
] as const;

/** Lower-case words joined by hyphens, for the simulated pages' paths. */
export function pathSlug(text: string): string {
  const slug = text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'page';
}

function brandHost(brand: string): string {
  return `www.${brand.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '')}.example`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w)\}/g, (whole, key: string) => values[key] ?? whole);
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The configured site as an origin plus path prefix (no trailing slash), or undefined when unusable. */
function siteBase(citedSite: string | undefined): URL | undefined {
  if (!citedSite) return undefined;
  try {
    const url = new URL(citedSite);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The searches `provider` runs for `query`: the query itself first, then one or two variations. */
export function simulatedSearchQueries(provider: SimProvider, query: string): string[] {
  const trimmed = query.trim();
  const seed = digest('search-queries', provider, trimmed);
  const [min, max] = SEARCH_COUNTS[provider];
  const count = min + ((seed[0] ?? 0) % (max - min + 1));
  const variations = pickDistinct(SEARCH_TEMPLATES, count - 1, seed, 1).map((template) => fill(template, { q: trimmed.toLowerCase() }));
  return [trimmed, ...variations];
}

/**
 * The grounded answer of `provider` to `query`: it names exactly simulatedAuditBrands(provider,
 * query), says it is simulated, and cites the brands' pages, two or three publications and, when
 * `citedSite` is set, one page of that site (it reads another page of the site, never cited).
 */
export function simulatedSearch(provider: SimProvider, query: string, options: SimulatedSearchOptions = {}): SimulatedSearch {
  const trimmed = query.trim();
  const topic = trimmed.replace(/^(the\s+)?best\s+/i, '') || trimmed;
  const slug = pathSlug(trimmed);
  const variant = options.variant ?? 0;
  const seed = variant === 0 ? digest('search', provider, trimmed, options.citedSite ?? '') : digest('search', provider, trimmed, options.citedSite ?? '', String(variant));
  const brands = simulatedAuditBrands(provider, trimmed, variant);
  const reasons = pickDistinct(REASONS, brands.length, seed, 0);
  const sources: SimSource[] = [];
  const add = (source: SimSource): number => sources.push(source) - 1;

  const publications = pickDistinct(PUBLICATIONS, 3, seed, 4);
  const reviews = publications.map((publication, index) =>
    add({
      url: `https://${publication.host}/${pickOne(publication.sections, seed, 8 + index)}/${slug}`,
      title: fill(pickOne(REVIEW_TITLES, seed, 11 + index), { t: topic, T: capitalised(topic), Q: capitalised(trimmed) }),
      excerpt: `${brands[index % brands.length]} came out well in our comparison for ${reasons[index % reasons.length]}.`,
    }),
  );
  const brandPages = brands.map((brand, index) =>
    add({
      url: `https://${brandHost(brand)}/${pickOne(BRAND_PAGE_KINDS, seed, 14 + index)}/${slug}`,
      title: `${brand} | ${capitalised(topic)}`,
      excerpt: `${brand} ${pickOne(BRAND_CLAIMS, seed, 17 + index)}.`,
    }),
  );
  const site = siteBase(options.citedSite);
  const sitePage =
    site === undefined
      ? undefined
      : add({
          url: `${site.origin}${site.pathname.replace(/\/+$/, '')}/guides/${slug}`,
          title: `${capitalised(topic)}: a buyer's guide | ${site.hostname.replace(/^www\./, '')}`,
          excerpt: `Our guide to choosing ${topic}, with the questions worth asking before you buy.`,
        });

  if (site !== undefined) {
    // A second page of the site that the engine reads and never cites.
    add({
      url: `${site.origin}${site.pathname.replace(/\/+$/, '')}/products/${slug}`,
      title: `${capitalised(topic)} | ${site.hostname.replace(/^www\./, '')}`,
      excerpt: `Shop ${topic}: sizes, prices and delivery.`,
    });
  }

  const label = PROVIDER_LABELS[provider];
  if (simulatedRefusal(provider, trimmed, variant)) {
    // It searched and read pages, and says it found nothing it could recommend: nothing is cited.
    return {
      queries: simulatedSearchQueries(provider, trimmed),
      sources,
      paragraphs: [[
        { text: `Simulated ${label} answer (demo mode: no real model or web search was used).`, cites: [] },
        { text: refusalSentence(trimmed), cites: [] },
      ]],
    };
  }
  const [first, ...others] = brands;
  const opening: SimSentence[] = [
    { text: `Simulated ${label} answer (demo mode: no real model or web search was used).`, cites: [] },
    { text: fill(pickOne(INTRODUCTIONS, seed, 20), { q: trimmed }), cites: [] },
  ];
  const brandSentences: SimSentence[] = [
    {
      text: fill(pickOne(LEADING_SENTENCES, seed, 21), { b: first ?? '', r: reasons[0] ?? '' }),
      cites: [reviews[0]!, brandPages[0]!],
    },
    ...pickDistinct(FOLLOWING_SENTENCES, others.length, seed, 22).map((template, index) => ({
      text: fill(template, { b: others[index] ?? '', r: reasons[index + 1] ?? '' }),
      // The third publication is read but never cited, as real engines read more than they cite.
      cites: index === 0 ? [brandPages[1]!, reviews[1]!] : [brandPages[index + 1]!],
    })),
  ];
  const closing: SimSentence[] = [
    ...(sitePage === undefined || site === undefined
      ? []
      : // The site by its name without "www.", as answers name sites (a bare www. address reads as a link).
        [{ text: fill(pickOne(SITE_SENTENCES, seed, 25), { h: site.hostname.replace(/^www\./, '') }), cites: [sitePage] }]),
    { text: pickOne(CLOSING_SENTENCES, seed, 26), cites: [reviews[(seed[27] ?? 0) % 2]!] },
  ];
  return { queries: simulatedSearchQueries(provider, trimmed), sources, paragraphs: [opening, brandSentences, closing] };
}

/** The same answer when the search found nothing citable: the searches ran, no page is cited. */
export function withoutSources(search: SimulatedSearch): SimulatedSearch {
  return { queries: search.queries, sources: [], paragraphs: search.paragraphs.map((sentences) => sentences.map(({ text }) => ({ text, cites: [] }))) };
}

/**
 * The answer an output budget cut short: its first paragraph, then half of the next paragraph's
 * first sentence (which cites nothing, its citation never written).
 */
export function cutOffSearch(search: SimulatedSearch): SimulatedSearch {
  const [first = [], second = []] = search.paragraphs;
  const next = second[0];
  const half = next ? next.text.split(' ').slice(0, Math.max(1, Math.floor(next.text.split(' ').length / 2))).join(' ') : undefined;
  return { ...search, paragraphs: half === undefined ? [first] : [first, [{ text: half, cites: [] }]] };
}

/** At most `max` searches (a request's max_uses or max_tool_calls). */
export function limitSearches(search: SimulatedSearch, max: number | undefined): SimulatedSearch {
  if (max === undefined || search.queries.length <= max) return search;
  return { ...search, queries: search.queries.slice(0, Math.max(0, max)) };
}

/** The answer as plain text, without citations. */
export function searchAnswerText(search: SimulatedSearch): string {
  return search.paragraphs.map((sentences) => sentences.map((sentence) => sentence.text).join(' ')).join('\n\n');
}

/** The cited sources in order of first citation (each once). */
export function citedSources(search: SimulatedSearch): SimSource[] {
  const order: number[] = [];
  for (const sentences of search.paragraphs) {
    for (const { cites } of sentences) for (const index of cites) if (!order.includes(index)) order.push(index);
  }
  return order.map((index) => search.sources[index]!);
}
