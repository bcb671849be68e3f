import { SEMANTIC_EXPANSION_TYPES, type SemanticExpansionType } from '@agency/shared';
import type { SimProvider } from './sim-config.js';
import { digest, pickDistinct, SIMULATED_BRANDS } from './simulated-answers.js';

/**
 * Simulated query fan-out: grammatical sub-queries of every type for any keyword. The keyword is
 * read as a noun phrase (its head noun made plural unless it already is, or is a mass noun such as
 * "coffee"), so that "protein bars for kids" and "air fryer" both read naturally in every template.
 */

export interface SimSemanticExpansionQuery {
  query: string;
  type: SemanticExpansionType;
  userIntent: string;
  reasoning: string;
  routingFormat: string;
}

export interface SimSemanticExpansionPass {
  countReasoning: string;
  queries: SimSemanticExpansionQuery[];
}

/** The keyword as the templates use it. */
export interface KeywordPhrase {
  /** As typed, trimmed. */
  keyword: string;
  /** The generic form: "air fryers", "protein bars for kids", "skincare". */
  phrase: string;
  /** One of them: "air fryer"; the same as `phrase` for plural and mass nouns. */
  one: string;
  /** Verb forms that agree with `phrase`. */
  be: 'are' | 'is';
  does: 'do' | 'does';
  /** "" for plural ("they suit"), "s" for mass nouns ("it suits"). */
  s: '' | 's';
  /** The keyword already says who it is for ("… for kids"). */
  hasAudience: boolean;
}

const MASS_NOUNS = new Set(
  (
    'food milk coffee tea water juice skincare haircare bodycare makeup furniture equipment software clothing bedding luggage ' +
    'jewellery jewelry chocolate honey rice pasta bread cheese meat fish oil sugar salt flour butter yoghurt yogurt granola ' +
    'muesli cereal paint wine beer gin fuel insurance gear wear apparel nutrition protein sunscreen suncare footwear kit ' +
    'homeware cookware bakeware glassware stationery packaging lighting decor formula'
  ).split(' '),
);
const IRREGULAR_PLURALS = new Set(['people', 'children', 'men', 'women', 'feet', 'teeth', 'mice', 'clothes', 'glasses', 'trousers', 'jeans']);
const QUALIFIER = /\s(?:for|with|without|in|under|from|to)\s/i;

/** Reads a keyword as a noun phrase; see KeywordPhrase. */
export function keywordPhrase(keyword: string): KeywordPhrase {
  const trimmed = keyword.trim().replace(/\s+/g, ' ');
  const split = QUALIFIER.exec(trimmed);
  const head = split ? trimmed.slice(0, split.index) : trimmed;
  const qualifier = split ? trimmed.slice(split.index) : '';
  const words = head.split(' ');
  const last = words[words.length - 1] ?? '';
  const lower = last.toLowerCase();
  const mass = MASS_NOUNS.has(lower) || /(?:ware|wear|care)$/.test(lower);
  const plural = !mass && (IRREGULAR_PLURALS.has(lower) || (/s$/.test(lower) && !/(?:ss|us|is)$/.test(lower)));
  const noun = mass || plural ? last : pluralise(last);
  const phrase = [...words.slice(0, -1), noun].join(' ') + qualifier;
  return {
    keyword: trimmed,
    phrase,
    one: mass || plural ? phrase : trimmed,
    be: mass ? 'is' : 'are',
    does: mass ? 'does' : 'do',
    s: mass ? 's' : '',
    hasAudience: /\sfor\s/i.test(qualifier),
  };
}

export function pluralise(word: string): string {
  if (/[^aeiou]y$/i.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(?:s|x|z|ch|sh)$/i.test(word)) return `${word}es`;
  if (/(?:kni|wi|li)fe$/i.test(word)) return `${word.slice(0, -2)}ves`;
  if (/(?:el|al|ol)f$/i.test(word)) return `${word.slice(0, -1)}ves`;
  return `${word}s`;
}

interface Template {
  type: SemanticExpansionType;
  /** Wordings of one query that differ only in small words, as separate passes might phrase it. */
  wordings: ((k: KeywordPhrase, brands: readonly string[]) => string)[];
  userIntent: string;
  reasoning: (k: KeywordPhrase) => string;
  routingFormat: string;
  /** Only for keywords that do not already say who they are for. */
  needsNoAudience?: boolean;
}

const q = (k: KeywordPhrase) => `“${k.keyword}”`;

const TEMPLATES: readonly Template[] = [
  // reformulation
  {
    type: 'reformulation',
    wordings: [(k) => `best ${k.phrase} in the UK`, (k) => `the best ${k.phrase} in the UK`, (k) => `what ${k.be} the best ${k.phrase} in the UK`],
    userIntent: 'Find the top-rated options available to buy now',
    reasoning: (k) => `Engines restate ${q(k)} as the ranked buying question most people mean by it.`,
    routingFormat: 'review round-up',
  },
  {
    type: 'reformulation',
    wordings: [(k) => `top-rated ${k.phrase}`, (k) => `top rated ${k.phrase}`],
    userIntent: 'See which options buyers rate highest',
    reasoning: () => 'Ratings are the quickest signal an assistant uses to build a shortlist.',
    routingFormat: 'review round-up',
  },
  {
    type: 'reformulation',
    wordings: [(k) => `which ${k.phrase} ${k.be} worth buying`, (k) => `which ${k.phrase} ${k.be} most worth buying`],
    userIntent: 'Narrow the choice to options that justify their price',
    reasoning: (k) => `A shopper typing ${q(k)} is usually close to buying and wants a verdict.`,
    routingFormat: "buyer's guide",
  },
  {
    type: 'reformulation',
    wordings: [(k) => `most recommended ${k.phrase}`, (k) => `the most recommended ${k.phrase}`],
    userIntent: 'Find what experts and other buyers recommend most often',
    reasoning: () => 'Recommendation wording pulls in expert round-ups and forum threads.',
    routingFormat: 'review round-up',
  },
  // related
  {
    type: 'related',
    wordings: [(k) => `how to choose the right ${k.one}`, (k) => `how do I choose the right ${k.one}`],
    userIntent: 'Learn what matters before picking one',
    reasoning: () => 'Assistants add a selection guide so their answer can explain its picks.',
    routingFormat: "buyer's guide",
  },
  {
    type: 'related',
    wordings: [(k) => `what to look for when buying ${k.phrase}`, (k) => `what should I look for when buying ${k.phrase}`],
    userIntent: 'Know the features and warning signs to check',
    reasoning: () => 'Checklists of features are a common building block of AI shopping answers.',
    routingFormat: 'how-to',
  },
  {
    type: 'related',
    wordings: [(k) => `common problems with ${k.phrase}`, (k) => `the most common problems with ${k.phrase}`],
    userIntent: 'Avoid a purchase that disappoints',
    reasoning: () => 'Engines look for drawbacks so the answer is balanced, often in forums and reviews.',
    routingFormat: 'forum Q&A',
  },
  {
    type: 'related',
    wordings: [(k) => `alternatives to ${k.phrase}`, (k) => `what are the alternatives to ${k.phrase}`],
    userIntent: 'See other ways to meet the same need',
    reasoning: (k) => `Adjacent options let the assistant answer people for whom ${q(k)} is not the right fit.`,
    routingFormat: 'comparison table',
  },
  {
    type: 'related',
    wordings: [(k) => `buying guide for ${k.phrase}`, (k) => `a buying guide for ${k.phrase}`],
    userIntent: 'Read one guide that covers the whole decision',
    reasoning: () => 'A single guide is the page an engine can cite for several sub-questions at once.',
    routingFormat: "buyer's guide",
  },
  // implicit
  {
    type: 'implicit',
    wordings: [(k) => `${k.be} ${k.phrase} worth the money`, (k) => `${k.be} ${k.phrase} worth the money at all`],
    userIntent: 'Decide whether the purchase pays off',
    reasoning: () => 'The unstated question behind most product searches is whether to buy at all.',
    routingFormat: 'FAQ',
  },
  {
    type: 'implicit',
    wordings: [(k) => `how much should I spend on ${k.phrase}`, (k) => `how much should you spend on ${k.phrase}`],
    userIntent: 'Set a sensible budget',
    reasoning: () => 'Price expectations shape which products an assistant puts forward.',
    routingFormat: "buyer's guide",
  },
  {
    type: 'implicit',
    wordings: [(k) => `${k.be} ${k.phrase} safe`],
    userIntent: 'Be reassured about safety before buying',
    reasoning: () => 'Safety is an implicit concern engines address for anything used or eaten at home.',
    routingFormat: 'FAQ',
  },
  {
    type: 'implicit',
    wordings: [(k) => `how long ${k.does} ${k.phrase} last`, (k) => `how long will ${k.phrase} last`],
    userIntent: 'Know how long the purchase will serve',
    reasoning: () => 'Durability and shelf life decide value, so engines check them unasked.',
    routingFormat: 'product spec sheet',
  },
  {
    type: 'implicit',
    wordings: [(k) => `where to buy ${k.phrase} online`, (k) => `where can I buy ${k.phrase} online`],
    userIntent: 'Find a trusted place to buy',
    reasoning: () => 'Assistants that recommend a product also point to where it can be bought.',
    routingFormat: 'product spec sheet',
  },
  // comparative
  {
    type: 'comparative',
    wordings: [(k) => `budget vs premium ${k.phrase}: is the difference worth it`, (k) => `budget vs premium ${k.phrase}: is the difference really worth it`],
    userIntent: 'Understand what extra money buys',
    reasoning: () => 'Price-tier comparisons are among the first contrasts an engine draws.',
    routingFormat: 'comparison table',
  },
  {
    type: 'comparative',
    wordings: [(k) => `own-brand vs branded ${k.phrase}`, (k) => `own brand vs branded ${k.phrase}`],
    userIntent: 'Decide whether a brand name is worth paying for',
    reasoning: () => 'Supermarket own-brands are the default alternative engines compare against.',
    routingFormat: 'comparison table',
  },
  {
    type: 'comparative',
    wordings: [(k, [a, b]) => `how ${a} and ${b} ${k.phrase} compare`, (k, [a, b]) => `how do ${a} and ${b} ${k.phrase} compare`],
    userIntent: 'Compare two brands head to head',
    reasoning: () => 'Brand-versus-brand queries decide which names appear side by side in the answer.',
    routingFormat: 'comparison table',
  },
  {
    type: 'comparative',
    wordings: [(k) => `which ${k.phrase} give${k.s} the best value for money`, (k) => `which ${k.phrase} give${k.s} the best value`],
    userIntent: 'Get the most for a fixed budget',
    reasoning: () => 'Value rankings compare price against quality across several options.',
    routingFormat: 'comparison table',
  },
  // entity expansion
  {
    type: 'entity expansion',
    wordings: [(k) => `which brands make the best ${k.phrase}`, (k) => `which brands make the best ${k.phrase} today`],
    userIntent: 'Learn the brands worth considering',
    reasoning: () => 'Engines expand a generic product into the brands that make it.',
    routingFormat: 'review round-up',
  },
  {
    type: 'entity expansion',
    wordings: [(k, [a]) => `reviews of ${a} ${k.phrase}`, (k, [a]) => `${a} ${k.phrase} reviews`],
    userIntent: 'Check what owners say about one brand',
    reasoning: () => 'A named brand triggers a search for its reviews and ratings.',
    routingFormat: 'review round-up',
  },
  {
    type: 'entity expansion',
    wordings: [(k) => `what certifications should ${k.phrase} have`, (k) => `which certifications should ${k.phrase} have`],
    userIntent: 'Know which standards and labels to trust',
    reasoning: () => 'Certifications and standards are entities engines attach to product answers.',
    routingFormat: 'product spec sheet',
  },
  {
    type: 'entity expansion',
    wordings: [(k) => `key features to compare in ${k.phrase}`, (k) => `the key features to compare in ${k.phrase}`],
    userIntent: 'Know the specifications that tell products apart',
    reasoning: () => 'Attributes such as size, materials or ingredients are how engines tell products apart.',
    routingFormat: 'product spec sheet',
  },
  {
    type: 'entity expansion',
    wordings: [(k, [, b]) => `is ${b} a good brand of ${k.phrase}`, (k, [, b]) => `is ${b} a good brand of ${k.phrase} to buy`],
    userIntent: 'Check whether one brand can be trusted',
    reasoning: () => 'Brand trust questions send engines to forums and independent reviews.',
    routingFormat: 'forum Q&A',
  },
  // personalised
  {
    type: 'personalised',
    wordings: [(k) => `${k.phrase} as a gift`],
    userIntent: 'Choose something suitable for someone else',
    reasoning: () => 'Gift buyers need different cues (presentation, safe choices) than people buying for themselves.',
    routingFormat: "buyer's guide",
  },
  {
    type: 'personalised',
    wordings: [(k) => `which ${k.phrase} suit${k.s} a busy family`, (k) => `which ${k.phrase} suit${k.s} a busy family best`],
    userIntent: 'Find what fits a household with little time',
    reasoning: () => 'Engines personalise by household situation when the searcher has shared it before.',
    routingFormat: 'forum Q&A',
  },
  {
    type: 'personalised',
    wordings: [(k) => `eco-friendly ${k.phrase}`, (k) => `the most eco-friendly ${k.phrase}`],
    userIntent: 'Buy with a lower environmental impact',
    reasoning: () => 'Sustainability preferences are a common personal filter in AI shopping answers.',
    routingFormat: "buyer's guide",
  },
  {
    type: 'personalised',
    wordings: [(k) => `cheap ${k.phrase} that still get${k.s} good reviews`, (k) => `cheap ${k.phrase} that still get${k.s} good reviews in the UK`],
    userIntent: 'Spend little without ending up with something poor',
    reasoning: () => 'Budget-conscious shoppers are a segment engines serve with their own shortlist.',
    routingFormat: 'review round-up',
  },
  {
    type: 'personalised',
    wordings: [(k) => `${k.phrase} for first-time buyers`, (k) => `${k.phrase} for a first-time buyer`],
    userIntent: 'Start without expert knowledge',
    reasoning: () => 'Beginners need simpler recommendations, so engines run a separate query for them.',
    routingFormat: 'how-to',
    needsNoAudience: true,
  },
  {
    type: 'personalised',
    wordings: [(k) => `${k.phrase} for a small household`, (k) => `${k.phrase} for small households`],
    userIntent: 'Find the right size or amount for one or two people',
    reasoning: () => 'Household size changes which product an assistant would recommend.',
    routingFormat: "buyer's guide",
    needsNoAudience: true,
  },
];

const MIN_COUNT = 12;
const MAX_COUNT = 20;

/** One simulated pass. The keyword fixes how many queries and which are core; provider and pass vary the rest. */
export function simulatedSemanticExpansion(keyword: string, provider: SimProvider = 'openai', pass = 1): SimSemanticExpansionPass {
  const k = keywordPhrase(keyword);
  const keySeed = digest('fan-out', k.keyword.toLowerCase());
  const passSeed = digest('fan-out-pass', k.keyword.toLowerCase(), provider, String(pass));
  const brands = pickDistinct(SIMULATED_BRANDS, 2, keySeed, 7);
  const pool = TEMPLATES.filter((template) => !(template.needsNoAudience && k.hasAudience));

  // Broad keywords (one or two words) deserve more sub-queries than narrow ones.
  const words = k.keyword.split(' ').length;
  const count = Math.max(MIN_COUNT, Math.min(MAX_COUNT, MAX_COUNT - 2 * Math.max(0, words - 2) - ((keySeed[0] ?? 0) % 3) - ((passSeed[0] ?? 0) % 2)));

  // Each template's rank: a keyword-wide prominence plus a per-pass jitter, so core queries recur in every pass and the tail varies.
  const ranked = pool
    .map((template, index) => ({ template, rank: (keySeed[index % keySeed.length] ?? 0) + ((passSeed[index % passSeed.length] ?? 0) % 96) }))
    .sort((a, b) => a.rank - b.rank);
  const chosen = new Set<Template>();
  for (const type of SEMANTIC_EXPANSION_TYPES) {
    const first = ranked.find(({ template }) => template.type === type);
    if (first) chosen.add(first.template);
  }
  for (const { template } of ranked) {
    if (chosen.size >= count) break;
    chosen.add(template);
  }
  const queries = ranked
    .filter(({ template }) => chosen.has(template))
    .map(({ template }, index) => {
      const wording = template.wordings[(passSeed[(index + 11) % passSeed.length] ?? 0) % 5 === 0 ? 1 : 0] ?? template.wordings[0]!;
      return {
        query: wording(k, brands),
        type: template.type,
        userIntent: template.userIntent,
        reasoning: template.reasoning(k),
        routingFormat: template.routingFormat,
      };
    });
  const breadth =
    words <= 2 ? `${q(k)} is a broad keyword with many ways in, so` : `${q(k)} is already fairly specific, so`;
  return {
    countReasoning: `Simulated answer (demo mode, no real model was asked): ${breadth} ${queries.length} sub-queries cover its comparisons, costs, brands and situations without padding.`,
    queries,
  };
}
