import { SEMANTIC_EXPANSION_MAX_QUERIES, SEMANTIC_EXPANSION_MIN_QUERIES, SEMANTIC_EXPANSION_TYPES, type SemanticExpansionType } from '@agency/shared';
import { z } from 'zod';
import { AnswerFormatError } from '../models/provider-error.js';
import { asData, DATA_NOT_INSTRUCTIONS, parseJsonAnswer, plainModelText } from '../models/untrusted-text.js';
import type { ModelRequest } from '../models/model-request.js';

const MAX_QUERY_CHARS = 200;
const MAX_LINE_CHARS = 240;
const MAX_FORMAT_CHARS = 60;
const MAX_SUGGESTION_CHARS = 300;

/** Formats a model may name as the one that wins a query; it may name others. */
const ROUTING_FORMATS = ['comparison table', "buyer's guide", 'product spec sheet', 'FAQ', 'review round-up', 'how-to', 'forum Q&A'];

const semanticExpansionSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['countReasoning', 'queries'],
  properties: {
    countReasoning: { type: 'string' },
    queries: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['query', 'type', 'userIntent', 'reasoning', 'routingFormat'],
        properties: {
          query: { type: 'string' },
          type: { type: 'string', enum: [...SEMANTIC_EXPANSION_TYPES] },
          userIntent: { type: 'string' },
          reasoning: { type: 'string' },
          routingFormat: { type: 'string' },
        },
      },
    },
  },
} as const;

/** One generation pass; `pass` (from 1) asks for an independent list so passes can be compared. */
export function semanticExpansionRequest(keyword: string, pass: number, passes: number): ModelRequest {
  return {
    system:
      '[task:query-fan-out] You model how AI search engines (AI Overviews, ChatGPT search, Perplexity) expand one search into ' +
      'the sub-queries they run before answering. Decide how many sub-queries this keyword deserves, between ' +
      `${SEMANTIC_EXPANSION_MIN_QUERIES} and ${SEMANTIC_EXPANSION_MAX_QUERIES}: a broad or high-consideration keyword needs more, a narrow one fewer. ` +
      'Say why in countReasoning (one sentence). Cover every type: reformulation (same need, other words), related (adjacent needs), ' +
      'implicit (the unstated need behind it), comparative (versus alternatives), entity expansion (specific brands, ingredients, ' +
      'materials or attributes) and personalised (a particular kind of person or situation). Each query is a grammatical search ' +
      'a person would type, under 15 words. For each give userIntent (what the person wants to get done), reasoning (why the engine ' +
      `would run it) and routingFormat: the content format that would win it (${ROUTING_FORMATS.join(', ')}, or similar). ` +
      DATA_NOT_INSTRUCTIONS,
    user: `The keyword to expand: ${asData('keyword', keyword)}\nThis is independent pass ${pass} of ${passes}: write your own list.`,
    json: { name: 'query_fan_out', schema: semanticExpansionSchema },
    maxOutputTokens: 4000,
  };
}

const semanticExpansionAnswer = z.object({
  countReasoning: z.string(),
  queries: z.array(
    z.object({ query: z.string(), type: z.enum(SEMANTIC_EXPANSION_TYPES), userIntent: z.string(), reasoning: z.string(), routingFormat: z.string() }),
  ),
});

export interface GeneratedQuery {
  query: string;
  type: SemanticExpansionType;
  userIntent: string;
  reasoning: string;
  routingFormat: string;
}

export interface GeneratedPass {
  countReasoning: string;
  queries: GeneratedQuery[];
}

/** At least ten distinct, short, plain-text queries (at most 25 kept), or the answer is refused. */
export function checkSemanticExpansion(text: string): GeneratedPass {
  const parsed = semanticExpansionAnswer.safeParse(safeJson(text));
  if (!parsed.success) throw new AnswerFormatError('fan-out answer does not match the schema');
  const seen = new Set<string>();
  const queries: GeneratedQuery[] = [];
  for (const item of parsed.data.queries) {
    const query = plainModelText(item.query, MAX_QUERY_CHARS);
    const key = query.toLowerCase();
    if (query.length < 3 || seen.has(key)) continue;
    seen.add(key);
    queries.push({
      query,
      type: item.type,
      userIntent: plainModelText(item.userIntent, MAX_LINE_CHARS),
      reasoning: plainModelText(item.reasoning, MAX_LINE_CHARS),
      routingFormat: plainModelText(item.routingFormat, MAX_FORMAT_CHARS),
    });
  }
  if (queries.length < SEMANTIC_EXPANSION_MIN_QUERIES) throw new AnswerFormatError(`only ${queries.length} usable queries`);
  return { countReasoning: plainModelText(parsed.data.countReasoning, MAX_LINE_CHARS), queries: queries.slice(0, SEMANTIC_EXPANSION_MAX_QUERIES) };
}

export const JUDGED_VERDICTS = ['covered', 'partial', 'gap'] as const;
export type JudgedVerdict = (typeof JUDGED_VERDICTS)[number];

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
        required: ['index', 'coverage', 'reason', 'suggestions'],
        properties: {
          index: { type: 'integer' },
          coverage: { type: 'string', enum: [...JUDGED_VERDICTS] },
          reason: { type: 'string' },
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
      'Set coverage to covered when the first passage directly answers the query, partial when a passage touches the topic ' +
      'without answering it, gap when none does. Give the reason in one short sentence. Then give two concrete, specific ' +
      'suggestions (one sentence each) for content the site should add or change so AI assistants would cite it for that query. ' +
      'Return one entry per item with its index. ' +
      DATA_NOT_INSTRUCTIONS,
    user: `${asData('website', website)}\n${blocks.join('\n')}`,
    json: { name: 'coverage_judgement', schema: judgementSchema },
    maxOutputTokens: 6000,
  };
}

const judgementAnswer = z.object({
  items: z.array(
    z.object({ index: z.number().int(), coverage: z.enum(JUDGED_VERDICTS), reason: z.string(), suggestions: z.array(z.string()) }),
  ),
});

export interface Judgement {
  coverage: JudgedVerdict;
  reason: string;
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
        .slice(0, 3);
      byIndex.set(item.index, { coverage: item.coverage, reason: plainModelText(item.reason, MAX_LINE_CHARS), suggestions });
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
