import type { SchemaObject } from '@nestjs/swagger';

/**
 * The audit answer's fields for the OpenAPI document (docs/api.md has the full description): the
 * routes are found without decorators, but what they answer is only known from these.
 */
const byModel = (value: SchemaObject, description: string): SchemaObject => ({
  type: 'object',
  description: `${description} Keyed openai, claude, gemini, grok and perplexity.`,
  additionalProperties: value,
});

const domainAnswers: SchemaObject = { type: 'object', properties: { domain: { type: 'string' }, answers: { type: 'integer' } } };

export const AUDIT_ANSWER_SCHEMA: SchemaObject = {
  type: 'object',
  properties: {
    query: { type: 'string' },
    responses: byModel({ type: 'string' }, 'Each engine’s first answer, plain text with source markers [n].'),
    errors: byModel({ type: 'string' }, 'Why an engine gave no answer.'),
    citations: byModel({ type: 'array', items: { type: 'object' } }, 'The pages each answer cited.'),
    searchQueries: byModel({ type: 'array', items: { type: 'string' } }, 'What each engine searched for.'),
    endings: byModel({ type: 'string', enum: ['complete', 'cut-off', 'refused', 'failed'] }, 'How the shown answer ended.'),
    models: byModel({ type: 'string' }, 'The model id the provider says answered.'),
    runs: { type: 'integer', description: 'Answers asked of each engine with web search.' },
    runAnswers: byModel({ type: 'array', items: { type: 'object' } }, 'Every answer: text, citations, searchQueries, grounded, brands, retrieved (pages read), brandNotes (tone and qualities per brand).'),
    brands: {
      type: 'array',
      description: 'Every brand the answers recommend, most mentioned first.',
      items: {
        type: 'object',
        properties: {
          name: { type: 'string' },
          mentions: { type: 'object', additionalProperties: { type: 'integer' } },
          firstPosition: { type: 'object', additionalProperties: { type: 'integer' } },
          sentiment: { type: 'object', description: 'Answers naming the brand by tone.', properties: { positive: { type: 'integer' }, neutral: { type: 'integer' }, negative: { type: 'integer' } } },
          attributes: { type: 'array', items: { type: 'object', properties: { attribute: { type: 'string' }, answers: { type: 'integer' } } } },
        },
      },
    },
    visibility: { type: ['object', 'null'], description: 'The visitor’s brand across every answer (null without a brand).' },
    competitorVisibility: { type: 'array', items: { type: 'object' } },
    brandSources: {
      type: 'array',
      description: 'Per brand, the sites cited in the answers naming it.',
      items: { type: 'object', properties: { brand: { type: 'string' }, domains: { type: 'array', items: domainAnswers } } },
    },
    gapDomains: {
      type: 'array',
      description: 'Sites citing two or more competitors and never the visitor, ranked; [] without a brand.',
      items: { type: 'object', properties: { domain: { type: 'string' }, competitors: { type: 'array', items: { type: 'string' } }, answers: { type: 'integer' } } },
    },
    retrieval: byModel(
      { type: 'array', items: { type: 'object', properties: { domain: { type: 'string' }, retrieved: { type: 'integer' }, cited: { type: 'integer' } } } },
      'Per site, answers in which the engine read and cited it; only engines whose API says what they read.',
    ),
    websitePages: {
      type: 'array',
      description: 'The visitor’s pages the engines read (readBy) and cited (citedBy).',
      items: { type: 'object', properties: { url: { type: 'string' }, readBy: { type: 'array', items: { type: 'string' } }, citedBy: { type: 'array', items: { type: 'string' } } } },
    },
    memory: byModel(
      { type: 'object', properties: { mentioned: { type: ['boolean', 'null'] }, foundBySearch: { type: ['boolean', 'null'] }, reading: { type: 'string' } } },
      'The search-off answer: whether it names the brand (null without a brand), beside the searched answers.',
    ),
    nextSteps: {
      type: 'array',
      description: 'Ranked; each made from one figure (basis), never model text.',
      items: {
        type: 'object',
        properties: {
          kind: { type: 'string', enum: ['get-listed', 'search-gap', 'read-not-cited', 'not-in-memory'] },
          text: { type: 'string' },
          basis: { type: 'string' },
          href: { type: 'string', description: 'Semantic Expansion for the search (search-gap).' },
        },
      },
    },
    method: {
      type: 'object',
      properties: {
        askedAt: { type: 'string', format: 'date-time' },
        location: { type: 'string' },
        language: { type: 'string' },
        runs: { type: 'integer' },
        models: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
    reportId: { type: 'string' },
    reportUrl: { type: 'string' },
  },
};

export const AUDIT_RAW_ANSWERS_SCHEMA: SchemaObject = {
  type: 'object',
  description: 'GET …/reports/{id}.json: every answer of every run and each engine’s search-off answer; never the email.',
  properties: {
    reportId: { type: 'string' },
    query: { type: 'string' },
    brand: { type: ['string', 'null'] },
    website: { type: ['string', 'null'] },
    competitors: { type: 'array', items: { type: 'string' } },
    simulated: { type: 'boolean' },
    askedAt: { type: 'string', format: 'date-time' },
    runsPerEngine: { type: 'integer' },
    engines: byModel(
      { type: 'object', properties: { model: { type: ['string', 'null'] }, runs: { type: 'array', items: { type: 'object' } }, memory: { type: ['object', 'null'] }, error: { type: 'string' } } },
      'Each engine asked.',
    ),
    expiresAt: { type: 'string', format: 'date-time' },
  },
};
