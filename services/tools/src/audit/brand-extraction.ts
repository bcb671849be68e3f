import { BRAND_SENTIMENTS, wholeWordPattern, withoutRefusals, type BrandNote } from '@agency/shared';
import { z } from 'zod';
import type { ModelRequest } from '../models/model-request.js';
import { AnswerFormatError } from '../models/provider-error.js';
import { asData, DATA_NOT_INSTRUCTIONS, parseJsonAnswer, plainModelText } from '../models/untrusted-text.js';

/**
 * Which brands each audit answer recommends: one structured-output call over every answer, its
 * names checked against the answers themselves, or, when no model gives a usable list, a
 * deterministic reading of the capitalised names in the text (docs/audit-report.md).
 */

const MAX_BRANDS_PER_ANSWER = 25;
const MAX_BRAND_CHARS = 80;
const MAX_ATTRIBUTES = 5;
const MAX_ATTRIBUTE_CHARS = 60;

/** One answer's brands in order of first mention, and how the answer describes each (where the model said). */
export interface ListedBrands {
  brands: string[];
  notes?: BrandNote[];
}

export interface BrandExtractionItem {
  /** "openai-1", "claude-2", …: the engine's answer key and the run. */
  id: string;
  text: string;
}

const brandSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['answers'],
  properties: {
    answers: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['id', 'brands'],
        properties: {
          id: { type: 'string' },
          brands: {
            type: 'array',
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['name', 'sentiment', 'attributes'],
              properties: {
                name: { type: 'string' },
                sentiment: { type: 'string', enum: [...BRAND_SENTIMENTS] },
                attributes: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
  },
} as const;

export function brandExtractionRequest(items: readonly BrandExtractionItem[]): ModelRequest {
  return {
    system:
      '[task:brand-extraction] For each answer, list the brands or named products it recommends or suggests to the shopper, ' +
      'in the order the answer first mentions them, each name written as in the answer. Leave out shops, publications, websites, ' +
      'AI assistants and generic product types, and any name the answer only says it could not find information about. ' +
      'For each brand, give the tone the answer describes it in (positive, neutral or negative) and the qualities the answer ' +
      'gives it (price, quality, availability and the like), each quoted as a short phrase of the answer. ' +
      'Answer with one entry per answer id. ' +
      DATA_NOT_INSTRUCTIONS,
    user: items.map((item) => asData('answer', item.text, `id="${item.id}"`)).join('\n'),
    json: { name: 'brands_recommended', schema: brandSchema },
    maxOutputTokens: 1500,
  };
}

const describedBrand = z.object({ name: z.string(), sentiment: z.enum(BRAND_SENTIMENTS), attributes: z.array(z.string()) });
const brandAnswer = z.object({
  // A bare name (a model that ignored the descriptions) still lists the brand.
  answers: z.array(z.object({ id: z.string(), brands: z.array(z.union([z.string(), describedBrand])) })),
});

/**
 * The model's lists, each name plain text found as a whole word in its own answer outside any
 * refusal (a name the answer does not contain is dropped), put in order of first mention. An
 * answer the model left out gets the deterministic reading.
 */
export function checkBrandExtraction(items: readonly BrandExtractionItem[]): (text: string) => Map<string, ListedBrands> {
  return (text) => {
    let json: unknown;
    try {
      json = parseJsonAnswer(text);
    } catch {
      throw new AnswerFormatError('brand list is not JSON');
    }
    const parsed = brandAnswer.safeParse(json);
    if (!parsed.success) throw new AnswerFormatError('brand list does not match the schema');
    const byId = new Map(parsed.data.answers.map((entry) => [entry.id, entry.brands]));
    const lists = new Map<string, ListedBrands>();
    for (const item of items) {
      const named = byId.get(item.id);
      if (named === undefined) {
        lists.set(item.id, { brands: fallbackBrands(item.text) });
        continue;
      }
      const brands = orderedNames(item.text, named.map((entry) => (typeof entry === 'string' ? entry : entry.name)));
      const notes = brandNotes(item.text, brands, named.filter((entry): entry is z.infer<typeof describedBrand> => typeof entry !== 'string'));
      lists.set(item.id, { brands, notes });
    }
    return lists;
  };
}

/**
 * The model's notes on the brands kept: one per brand, its attributes plain text found in the
 * answer as whole words (an attribute the answer does not say is dropped, as a name is).
 */
function brandNotes(text: string, brands: readonly string[], described: readonly z.infer<typeof describedBrand>[]): BrandNote[] {
  const clean = withoutRefusals(text.normalize('NFC'));
  return brands.flatMap((name) => {
    const key = name.toLocaleLowerCase('en-GB');
    const note = described.find((entry) => plainModelText(entry.name, MAX_BRAND_CHARS).toLocaleLowerCase('en-GB') === key);
    if (!note) return [];
    const seen = new Set<string>();
    const attributes = note.attributes
      .map((attribute) => plainModelText(attribute, MAX_ATTRIBUTE_CHARS))
      .filter((attribute) => {
        const lower = attribute.toLocaleLowerCase('en-GB');
        if (attribute.length < 2 || seen.has(lower) || !wholeWordPattern(attribute).test(clean)) return false;
        seen.add(lower);
        return true;
      })
      .slice(0, MAX_ATTRIBUTES);
    return [{ name, sentiment: note.sentiment, attributes }];
  });
}

/** The names that occur in the text (outside refusals), each once, in order of first mention. */
function orderedNames(text: string, names: readonly string[]): string[] {
  const clean = withoutRefusals(text.normalize('NFC'));
  const seen = new Set<string>();
  const found: { name: string; at: number }[] = [];
  for (const raw of names) {
    const name = plainModelText(raw, MAX_BRAND_CHARS);
    const key = name.toLocaleLowerCase('en-GB');
    if (name.length < 2 || seen.has(key)) continue;
    const pattern = wholeWordPattern(name);
    const match = pattern.exec(clean);
    if (!match) continue;
    seen.add(key);
    found.push({ name, at: match.index });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, MAX_BRANDS_PER_ANSWER)
    .map((entry) => entry.name);
}

/** Capitalised words that start sentences or name things other than brands. */
const NOT_BRANDS = new Set(
  (
    'a an the and or but if so for to of in on at by with from as is are was were be it its this that these those there here ' +
    'what which who how why when where while most many some several few other others another each every all both either ' +
    'more less also many much one two three first second third next then finally overall however although though because ' +
    'since before after during between among about above below you your we our they their he she i my me us them ' +
    'buyers shoppers reviewers users customers people prices price stock searching search look check consider compare ' +
    'choose pick try buy avoid keep note remember generally typically usually often popular best top good great ' +
    'budget premium value uk us eu usa britain england london amazon ebay google chatgpt claude gemini grok openai anthropic ' +
    'xai simulated answer demo mode recent current based according sources source summary conclusion verdict yes no ' +
    'january february march april may june july august september october november december monday tuesday wednesday ' +
    'thursday friday saturday sunday ai faq faqs diy' 
  ).split(/\s+/),
);

/** Words that may join capitalised words inside one name ("Halden & Moss"); "and" separates names. */
const NAME_JOINERS = new Set(['&', 'of', 'de', 'la', '+']);

/**
 * The deterministic reading: runs of capitalised words (joined by "&" and the like), outside quotes,
 * addresses and refusals, that are not common sentence words; each once, in order of first mention.
 */
export function fallbackBrands(text: string): string[] {
  const clean = withoutRefusals(text.normalize('NFC'))
    // Quoted text is the question or a title, not a recommendation.
    .replace(/["“”][^"“”\n]*["“”]/gu, (quoted) => ' '.repeat(quoted.length))
    .replace(/\b\S+\.(?:com|co\.uk|org|net|example|io|uk)\S*/giu, (address) => ' '.repeat(address.length))
    .replace(/\[\d+\]/g, (marker) => ' '.repeat(marker.length));
  const tokens = [...clean.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’-]*|&|\+|[.!?:;,()\n]/gu)];
  const names: string[] = [];
  const seen = new Set<string>();
  let run: string[] = [];
  const flush = () => {
    while (run.length > 0 && NAME_JOINERS.has(run[run.length - 1]!.toLowerCase())) run.pop();
    const words = run.filter((word) => !NOT_BRANDS.has(word.toLowerCase()) || NAME_JOINERS.has(word.toLowerCase()));
    if (words.length > 0 && !NAME_JOINERS.has(words[0]!.toLowerCase())) {
      const name = run.join(' ').replace(/\s+&\s+/g, ' & ');
      const key = name.toLocaleLowerCase('en-GB');
      if (name.length >= 2 && !seen.has(key)) {
        seen.add(key);
        names.push(name);
      }
    }
    run = [];
  };
  for (const [token] of tokens) {
    const capitalised = /^\p{Lu}/u.test(token) && !/^\p{Lu}{1,3}$/u.test(token);
    if (capitalised) {
      // A common word opening a run is a sentence's first word: the name starts after it.
      if (run.length === 0 && NOT_BRANDS.has(token.toLowerCase())) continue;
      run.push(token);
    } else if (run.length > 0 && NAME_JOINERS.has(token.toLowerCase())) {
      run.push(token);
    } else {
      flush();
    }
  }
  flush();
  return names.slice(0, MAX_BRANDS_PER_ANSWER);
}
