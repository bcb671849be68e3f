import { createHash } from 'node:crypto';
import { PROVIDER_LABELS, SIM_PROVIDERS, type SimProvider } from './sim-config.js';
import { simulatedSemanticExpansion } from './simulated-semantic-expansion.js';

/** Fictional names only: tests count mentions, so no real brand may ever appear in an answer. */
export const SIMULATED_BRANDS = [
  'Brightleaf',
  'Northwind Pantry',
  'Corvel',
  'Halden & Moss',
  'Lumera',
  'Oakridge Naturals',
  'Pebblewick',
  'Quillon',
  'Solvani',
  'Tessaly',
  'Verdane',
  'Wrenfield Home',
] as const;

export const SIM_TASKS = ['query-fan-out', 'coverage-judgement', 'image-findings', 'brand-extraction'] as const;
export type SimTask = (typeof SIM_TASKS)[number];

export interface SimImage {
  mimeType: string;
  bytes: Uint8Array;
}

/** What every protocol adapter extracts from a request: the answer depends on nothing else. */
export interface SimPrompt {
  systemText: string;
  userText: string;
  images: SimImage[];
}

export interface SimAnswer {
  task: SimTask | 'audit';
  /** Audit: which of the engine's answers to the question this is. */
  variant?: number;
  /** The model's text; for tasks, JSON text. */
  text: string;
}

/** A prompt the simulator cannot answer; becomes a 400 in the provider's error shape. */
export class SimPromptError extends Error {}

export function digest(...parts: (string | Uint8Array)[]): Buffer {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(part);
    hash.update('\u0000');
  }
  return hash.digest();
}

/** Picks `count` distinct entries, each draw steered by one byte of `seed`. */
export function pickDistinct<T>(pool: readonly T[], count: number, seed: Buffer, offset = 0): T[] {
  const remaining = [...pool];
  const picked: T[] = [];
  for (let i = 0; i < count && remaining.length > 0; i++) {
    const index = (seed[(offset + i) % seed.length] ?? 0) % remaining.length;
    picked.push(...remaining.splice(index, 1));
  }
  return picked;
}

export function pickOne<T>(pool: readonly T[], seed: Buffer, offset: number): T {
  return pickDistinct(pool, 1, seed, offset)[0]!;
}

export function joinNames(names: readonly string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

export function unescapeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

// ---------------------------------------------------------------------------------------------
// Audit

/**
 * How many different answers an engine gives to one question: the simulator hands out variant 0,
 * 1, 2, 0, … to successive asks of the same engine and question (real engines rarely give the same
 * brand list twice), so an audit's three runs see all three.
 */
export const SIM_AUDIT_VARIANTS = 3;

/**
 * The fictional brands the simulated `provider` names for `query` (trimmed) in answer `variant`:
 * 2 or 3 in variant 0; in later variants 3 or 4 of those and one or two more, in another order.
 */
export function simulatedAuditBrands(provider: SimProvider, query: string, variant = 0): string[] {
  const seed = digest('audit', provider, query.trim());
  const base = pickDistinct(SIMULATED_BRANDS, 2 + ((seed[0] ?? 0) % 2), seed, 1);
  if (variant === 0) return base;
  const varied = digest('audit-variant', provider, query.trim(), String(variant));
  const extra = pickDistinct(
    SIMULATED_BRANDS.filter((brand) => !base.includes(brand)),
    1 + ((varied[0] ?? 0) % 2),
    varied,
    1,
  );
  const pool = [...base, ...extra];
  return pickDistinct(pool, Math.min(pool.length, 3 + ((varied[3] ?? 0) % 2)), varied, 4);
}

/** True when answer `variant` of `provider` to `query` is a refusal: about one in eight later variants. */
export function simulatedRefusal(provider: SimProvider, query: string, variant: number): boolean {
  if (variant === 0) return false;
  return (digest('audit-refusal', provider, query.trim(), String(variant))[0] ?? 0) % 8 === 0;
}

/** The sentence of a refusal, naming what was asked about. */
export function refusalSentence(query: string): string {
  return `I couldn't find reliable information about "${query.trim()}" in the sources I checked, so I can't recommend a specific brand.`;
}

const AUDIT_REASONS = [
  'its clear ingredient lists and consistent reviews',
  'a wide range at mid-market prices',
  'fast delivery and a generous returns policy',
  'independent lab testing that it publishes',
  'strong ratings from verified buyers',
  'packaging that is easy to recycle',
] as const;

const AUDIT_ANGLES = [
  'tends to appear in side-by-side comparisons, usually as the value pick',
  'is often suggested for shoppers who want something simple that just works',
  'comes up in gift guides and seasonal round-ups',
  'is mentioned by buyers who switched from a pricier option',
] as const;

const AUDIT_ADVICE = [
  'Before buying, compare sizes and unit prices, read recent reviews and check the returns terms.',
  'It is worth checking current stock and prices with each retailer, since they change often.',
  'Look for third-party certifications and recent customer photos rather than marketing claims alone.',
] as const;

/** The simulated audit answer: a few paragraphs naming exactly `simulatedAuditBrands(provider, query, variant)`, or a refusal. */
export function simulatedAuditAnswer(provider: SimProvider, query: string, variant = 0): string {
  const trimmed = query.trim();
  const label = PROVIDER_LABELS[provider];
  const opening = `Simulated ${label} answer (demo mode, no real model was asked).`;
  if (simulatedRefusal(provider, trimmed, variant)) return `${opening} ${refusalSentence(trimmed)}`;
  const brands = simulatedAuditBrands(provider, trimmed, variant);
  const seed = variant === 0 ? digest('audit-text', provider, trimmed) : digest('audit-text', provider, trimmed, String(variant));
  const [first, ...others] = brands;
  const paragraphs = [
    `${opening} For "${trimmed}", brands that come up often include ${joinNames(brands)}.`,
    `${first} is usually named first, mostly for ${pickOne(AUDIT_REASONS, seed, 0)}. ${joinNames(others)} ${
      others.length > 1 ? 'tend' : 'tends'
    } to follow: ${others.length > 1 ? 'each' : 'it'} ${pickOne(AUDIT_ANGLES, seed, 1)}.`,
    pickOne(AUDIT_ADVICE, seed, 2),
  ];
  return paragraphs.join('\n\n');
}

// ---------------------------------------------------------------------------------------------
// Brand extraction

/** Words that make a sentence about a brand a recommendation, or a warning. */
const PRAISE = /\b(?:praised|stands out|tops|scores well|comes up most often|worth a look|keep coming back|strong)\b/i;
const WARNING = /\b(?:avoid|complain\w*|disappoint\w*|worse)\b/i;
/** The qualities the simulated answers give brands, as the answers word them. */
const QUALITIES = [
  'ingredient lists',
  'consistent reviews',
  'mid-market prices',
  'fast UK delivery',
  'returns policy',
  'lab testing',
  'ratings from verified buyers',
  'packaging',
  'good value',
  'customer service',
] as const;

export interface SimBrandNote {
  name: string;
  sentiment: 'positive' | 'neutral' | 'negative';
  attributes: string[];
}

/**
 * The simulated brands each answer names (whole words), in order of first mention, each with the
 * tone of the first sentence naming it (praise is positive, a warning negative, else neutral) and
 * the qualities that sentence gives it, worded as in the answer.
 */
export function simulatedBrandExtraction(answers: readonly { id: string; text: string }[]): { id: string; brands: SimBrandNote[] }[] {
  return answers.map(({ id, text }) => {
    const found = SIMULATED_BRANDS.map((brand) => ({ brand, at: wholeWordIndex(text, brand) }))
      .filter(({ at }) => at >= 0)
      .sort((a, b) => a.at - b.at);
    return {
      id,
      brands: found.map(({ brand, at }) => {
        const sentence = sentenceAt(text, at);
        return {
          name: brand,
          sentiment: WARNING.test(sentence) ? 'negative' : PRAISE.test(sentence) ? 'positive' : 'neutral',
          attributes: QUALITIES.filter((quality) => sentence.toLowerCase().includes(quality.toLowerCase())).map((quality) => {
            const start = sentence.toLowerCase().indexOf(quality.toLowerCase());
            return sentence.slice(start, start + quality.length);
          }),
        };
      }),
    };
  });
}

/** The sentence of `text` around offset `at`. */
function sentenceAt(text: string, at: number): string {
  const before = text.slice(0, at);
  const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('\n')) + 1;
  const end = text.slice(at).search(/[.!?](?:\s|$)/);
  return text.slice(start, end === -1 ? text.length : at + end + 1).trim();
}

function wholeWordIndex(text: string, name: string): number {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, 'u').exec(text)?.index ?? -1;
}

/** Reads `<answer id="…">…</answer>` blocks from the user text. */
export function parseBrandExtractionAnswers(userText: string): { id: string; text: string }[] {
  return [...userText.matchAll(/<answer\s+id="([^"]*)"\s*>([\s\S]*?)<\/answer>/g)].map((match) => ({ id: match[1] ?? '', text: unescapeXml(match[2] ?? '') }));
}

// Coverage judgement

const STOP_WORDS = new Set([
  'the', 'and', 'for', 'with', 'from', 'that', 'this', 'these', 'those', 'what', 'which', 'who',
  'whom', 'how', 'why', 'when', 'where', 'are', 'was', 'were', 'can', 'does', 'did', 'you', 'your',
  'our', 'its', 'into', 'about', 'than', 'then', 'there', 'their', 'they', 'them', 'have', 'has',
  'had', 'not', 'but', 'any', 'all', 'should', 'would', 'could', 'will', 'more', 'most',
]);

/** Lower-cased words of 3 or more letters or digits, stop words removed, plurals folded ("powders" is "powder"), each once. */
export function contentWords(text: string): string[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.filter((word) => word.length >= 3 && !STOP_WORDS.has(word)).map(singular))];
}

function singular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(?:ss|x|ch|sh|z)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** True when the passage holds at least 60% of the query's content words (false for a query with none). */
export function passageCoversQuery(query: string, passage: string): boolean {
  return passageShare(query, passage) >= 0.6;
}

export interface CoverageItem {
  index: number;
  query: string;
  passages: string[];
}

export interface CoverageVerdict {
  index: number;
  coverage: 'covered' | 'partial' | 'gap';
  reason: string;
  suggestions: string[];
}

/** Share of the query's content words that the passage holds (0 for a query with none). */
export function passageShare(query: string, passage: string): number {
  const wanted = contentWords(query);
  if (wanted.length === 0) return 0;
  const present = new Set(contentWords(passage));
  return wanted.filter((word) => present.has(word)).length / wanted.length;
}

const SUGGESTIONS_WHEN_MISSING = [
  'Add a section headed "{q}" that answers it in the first two sentences, with one concrete figure.',
  'Publish an FAQ entry for "{q}" with a short direct answer and a worked example.',
  'Create a comparison table for "{q}" listing prices, sizes and who each option suits.',
  'Write a 600-word guide on "{q}" and link it from the home page and the sitemap.',
] as const;

const SUGGESTIONS_WHEN_FOUND = [
  'Move the passage that answers "{q}" higher on its page and give it a descriptive heading.',
  'Back up the answer to "{q}" with a cited source or a customer figure.',
  'Mark up the page that covers "{q}" with FAQ or Product structured data.',
  'Link to the page that covers "{q}" from related articles, using the words of the query.',
] as const;

const REASONS = {
  covered: 'A passage on the site answers this directly.',
  partial: 'A passage touches this topic but does not answer it.',
  gap: 'None of the passages read answers this.',
} as const;

/**
 * Words in at least half of four or more queries are the topic (the keyword itself): a passage
 * that only shares them touches the topic without answering the query.
 */
export function topicWords(queries: readonly string[]): Set<string> {
  if (queries.length < 4) return new Set();
  const counts = new Map<string, number>();
  for (const query of queries) for (const word of contentWords(query)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return new Set([...counts].filter(([, count]) => count >= queries.length / 2).map(([word]) => word));
}

/**
 * Judged on the query's own words (its topic words set aside): covered when the best passage
 * holds 60% of them, partial at 30%, else a gap.
 */
export function simulatedCoverage(items: readonly CoverageItem[]): CoverageVerdict[] {
  const topic = topicWords(items.map((item) => item.query));
  return items.map(({ index, query, passages }) => {
    const words = contentWords(query);
    const specific = words.filter((word) => !topic.has(word));
    const judged = specific.length > 0 ? specific.join(' ') : query;
    const share = Math.max(0, ...passages.map((passage) => passageShare(judged, passage)));
    const coverage = share >= 0.6 ? 'covered' : share >= 0.3 ? 'partial' : 'gap';
    const pool = coverage === 'covered' ? SUGGESTIONS_WHEN_FOUND : SUGGESTIONS_WHEN_MISSING;
    const seed = digest('coverage', query);
    const suggestions = pickDistinct(pool, 2, seed).map((template) => template.replace('{q}', query.trim()));
    return { index, coverage, reason: REASONS[coverage], suggestions };
  });
}

/** Reads `<item index="N"><query>…</query><passage>…</passage>…</item>` blocks from the user text. */
export function parseCoverageItems(userText: string): CoverageItem[] {
  const items: CoverageItem[] = [];
  for (const match of userText.matchAll(/<item\s+index="(\d+)"\s*>([\s\S]*?)<\/item>/g)) {
    const body = match[2] ?? '';
    const query = /<query(?:\s[^>]*)?>([\s\S]*?)<\/query>/.exec(body)?.[1];
    if (query === undefined) throw new SimPromptError(`coverage-judgement item ${match[1]} has no <query> element`);
    const passages = [...body.matchAll(/<passage(?:\s[^>]*)?>([\s\S]*?)<\/passage>/g)].map((p) => unescapeXml(p[1] ?? ''));
    items.push({ index: Number(match[1]), query: unescapeXml(query), passages });
  }
  return items;
}

// ---------------------------------------------------------------------------------------------
// Image findings

interface SimProduct {
  product: string;
  /** What a model that misreads the pack takes it for. */
  misread: string;
  claim: string;
  size: string;
  detail: string;
}

const SIM_PRODUCTS: readonly SimProduct[] = [
  { product: 'chocolate protein bar', misread: 'granola bar', claim: '20g Protein', size: '60g', detail: 'Chocolate Brownie' },
  { product: 'jar of raw honey', misread: 'jar of maple syrup', claim: 'Raw & Unfiltered', size: '340g', detail: 'Wildflower' },
  { product: 'bottle of hand wash', misread: 'bottle of shampoo', claim: 'Gentle on Skin', size: '500ml', detail: 'Aloe & Cucumber' },
  { product: 'tin of dog food', misread: 'tin of cat food', claim: 'Grain Free', size: '400g', detail: 'Chicken & Rice' },
  { product: 'stainless steel water bottle', misread: 'vacuum flask', claim: 'Cold for 24 Hours', size: '750ml', detail: 'Leak-proof Lid' },
  { product: 'tube of face moisturiser', misread: 'tube of sunscreen', claim: 'SPF 15', size: '50ml', detail: 'Daily Hydration' },
];

const IMAGE_FINDINGS = [
  'The pack size ({size}) is printed small; repeat it in the title and bullet points',
  'The main claim "{claim}" is readable and likely to be quoted by an assistant',
  'No ingredient or material list is visible; show it in a secondary image',
  'The back of the pack is not shown, so usage and nutrition details are missing',
  'The brand name {brand} is legible on the front of the pack',
  'The flavour or variant "{detail}" is clear, which helps match specific searches',
] as const;

/** What a simulated vision model reads from an image: a product, the label text it makes out, findings and alt text. */
export interface SimImageReading {
  product: string;
  labelText: string[];
  findings: string[];
  altText: string;
}

/**
 * The image fixes the product and brand (the simulator cannot see, so they come from the bytes);
 * on about a third of images one model misreads what the product is, as real models sometimes do.
 */
export function simulatedImageReading(provider: SimProvider, image: SimImage): SimImageReading {
  const imageSeed = digest('image', image.bytes);
  const seed = digest('image', provider, image.bytes);
  const item = pickOne(SIM_PRODUCTS, imageSeed, 0);
  const brand = pickOne(SIMULATED_BRANDS, imageSeed, 1);
  const misreader = (imageSeed[2] ?? 0) % 3 === 0 ? SIM_PROVIDERS[(imageSeed[3] ?? 0) % SIM_PROVIDERS.length] : undefined;
  const product = provider === misreader ? item.misread : item.product;
  const label = [brand, item.claim, item.detail, item.size];
  // Smaller print is read by fewer models: the brand always, the rest by seed.
  const labelText = label.filter((_, index) => index === 0 || (seed[4 + index] ?? 0) % 4 !== 0);
  const fill = (template: string) =>
    template.replace('{size}', item.size).replace('{claim}', item.claim).replace('{brand}', brand).replace('{detail}', item.detail);
  const findings = pickDistinct(IMAGE_FINDINGS, 3, seed, 8).map(fill);
  findings[0] = `Simulated ${PROVIDER_LABELS[provider]} reading (demo mode): ${findings[0]}`;
  return {
    product,
    labelText,
    findings,
    altText: `${brand} ${product}, ${item.detail}, ${item.size}, front of pack`,
  };
}

// ---------------------------------------------------------------------------------------------
// Dispatch

export function detectTask(systemText: string): SimTask | undefined {
  const marker = /\[task:([a-z0-9-]+)\]/i.exec(systemText)?.[1];
  if (marker === undefined) return undefined;
  const task = SIM_TASKS.find((known) => known === marker.toLowerCase());
  if (!task) throw new SimPromptError(`Unknown task marker [task:${marker}]; known tasks are ${SIM_TASKS.join(', ')}`);
  return task;
}

/** The whole answer of the simulated `provider` to `prompt` (audit: its answer `variant`): a pure function of these. */
export function simulatedAnswer(provider: SimProvider, prompt: SimPrompt, variant = 0): SimAnswer {
  const task = detectTask(prompt.systemText);
  switch (task) {
    case undefined:
      return { task: 'audit', variant, text: simulatedAuditAnswer(provider, prompt.userText, variant) };
    case 'brand-extraction': {
      const answers = parseBrandExtractionAnswers(prompt.userText);
      if (answers.length === 0) throw new SimPromptError('brand-extraction task needs at least one <answer id="…"> element in the user message');
      return { task, text: JSON.stringify({ answers: simulatedBrandExtraction(answers) }) };
    }
    case 'query-fan-out': {
      const keyword = /<keyword(?:\s[^>]*)?>([\s\S]*?)<\/keyword>/.exec(prompt.userText)?.[1];
      if (keyword === undefined || keyword.trim() === '') {
        throw new SimPromptError('query-fan-out task needs a non-empty <keyword> element in the user message');
      }
      const pass = Number(/pass (\d+) of \d+/i.exec(prompt.userText)?.[1] ?? 1);
      return { task, text: JSON.stringify(simulatedSemanticExpansion(unescapeXml(keyword), provider, pass)) };
    }
    case 'coverage-judgement': {
      const items = parseCoverageItems(prompt.userText);
      if (items.length === 0) {
        throw new SimPromptError('coverage-judgement task needs at least one <item index="N"> element in the user message');
      }
      return { task, text: JSON.stringify({ items: simulatedCoverage(items) }) };
    }
    case 'image-findings': {
      const image = prompt.images[0];
      if (!image) throw new SimPromptError('image-findings task needs an inline base64 image part in the user message');
      return { task, text: JSON.stringify(simulatedImageReading(provider, image)) };
    }
  }
}
