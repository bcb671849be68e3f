import { z } from 'zod';
import { AnswerFormatError } from '../models/provider-error.js';
import { asData, DATA_NOT_INSTRUCTIONS, parseJsonAnswer, plainModelText } from '../models/untrusted-text.js';
import type { ModelRequest } from '../models/model-request.js';

/** The kinds of sub-query that public descriptions of AI-search query fan-out name. */
export const FAN_OUT_KINDS = ['reformulation', 'related', 'implicit', 'comparative', 'entity-expansion', 'personalised'] as const;
export const MIN_QUERIES = 10;
export const MAX_QUERIES = 16;
const MAX_QUERY_CHARS = 200;
const MAX_SUGGESTION_CHARS = 300;

const fanOutSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['queries'],
  properties: {
    queries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['query', 'kind'],
        properties: { query: { type: 'string' }, kind: { type: 'string', enum: [...FAN_OUT_KINDS] } },
      },
    },
  },
} as const;

export function fanOutRequest(keyword: string): ModelRequest {
  return {
    system:
      '[task:query-fan-out] You model how AI search engines expand one search into many sub-queries before answering. ' +
      `Write ${MIN_QUERIES + 2} distinct search queries a shopper's AI assistant would issue for the keyword, covering every kind: ` +
      'reformulation (same need, other words), related (adjacent needs), implicit (the unstated need behind it), ' +
      'comparative (versus alternatives or competitors), entity-expansion (specific brands, products, ingredients or attributes) ' +
      'and personalised (for a particular kind of person or situation). Each query is one line of plain text under 15 words. ' +
      DATA_NOT_INSTRUCTIONS,
    user: `The keyword to expand: ${asData('keyword', keyword)}`,
    json: { name: 'query_fan_out', schema: fanOutSchema },
    maxOutputTokens: 1200,
  };
}

const fanOutAnswer = z.object({
  queries: z.array(z.object({ query: z.string(), kind: z.enum(FAN_OUT_KINDS) })),
});

/** At least ten distinct, short, plain-text queries, or the answer is refused. */
export function checkFanOut(text: string): string[] {
  const parsed = fanOutAnswer.safeParse(safeJson(text));
  if (!parsed.success) throw new AnswerFormatError('fan-out answer does not match the schema');
  const seen = new Set<string>();
  const queries: string[] = [];
  for (const { query } of parsed.data.queries) {
    const clean = plainModelText(query, MAX_QUERY_CHARS);
    const key = clean.toLowerCase();
    if (clean.length < 3 || seen.has(key)) continue;
    seen.add(key);
    queries.push(clean);
  }
  if (queries.length < MIN_QUERIES) throw new AnswerFormatError(`only ${queries.length} usable queries`);
  return queries.slice(0, MAX_QUERIES);
}

const judgementSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['items'],
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['index', 'found', 'suggestions'],
        properties: {
          index: { type: 'integer' },
          found: { type: 'boolean' },
          suggestions: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
} as const;

export interface JudgementItem {
  query: string;
  passages: string[];
}

export function judgementRequest(website: string, items: JudgementItem[]): ModelRequest {
  const blocks = items.map(
    (item, index) =>
      `<item index="${index}">${asData('query', item.query)}${item.passages.map((passage) => asData('passage', passage)).join('')}</item>`,
  );
  return {
    system:
      '[task:coverage-judgement] You judge whether a brand website answers the searches an AI assistant would run. ' +
      'For each item you get a search query and the passages from the site that match it best (possibly none). ' +
      'Set found to true only when a passage directly answers the query. Then give two or three concrete, specific ' +
      'suggestions (one sentence each) for content the site should add or change so AI assistants would cite it for that query. ' +
      'Return one entry per item with its index. ' +
      DATA_NOT_INSTRUCTIONS,
    user: `${asData('website', website)}\n${blocks.join('\n')}`,
    json: { name: 'coverage_judgement', schema: judgementSchema },
    maxOutputTokens: 4000,
  };
}

const judgementAnswer = z.object({
  items: z.array(z.object({ index: z.number().int(), found: z.boolean(), suggestions: z.array(z.string()) })),
});

export interface Judgement {
  found: boolean;
  suggestions: string[];
}

/** Judgements by item index; items the model skipped are absent. */
export function checkJudgement(itemCount: number): (text: string) => Map<number, Judgement> {
  return (text) => {
    const parsed = judgementAnswer.safeParse(safeJson(text));
    if (!parsed.success) throw new AnswerFormatError('judgement answer does not match the schema');
    const byIndex = new Map<number, Judgement>();
    for (const item of parsed.data.items) {
      if (item.index < 0 || item.index >= itemCount || byIndex.has(item.index)) continue;
      const suggestions = item.suggestions
        .map((suggestion) => plainModelText(suggestion, MAX_SUGGESTION_CHARS))
        .filter((suggestion) => suggestion.length > 0)
        .slice(0, 4);
      byIndex.set(item.index, { found: item.found, suggestions });
    }
    if (byIndex.size === 0 && itemCount > 0) throw new AnswerFormatError('no usable judgements');
    return byIndex;
  };
}

function safeJson(text: string): unknown {
  try {
    return parseJsonAnswer(text);
  } catch {
    throw new AnswerFormatError('answer is not JSON');
  }
}
