import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { SIM_ENDINGS, startModelSimulator, type RunningModelSimulator, type SimEnding } from '@agency/model-sim';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { SearchRequest } from '../src/models/grounded-answer.js';
import { OpenAiCompatibleProvider } from '../src/models/openai-compatible.provider.js';

/**
 * The requests the tools send to OpenAI and xAI, and every answer the simulator gives them,
 * checked against OpenAI's published OpenAPI description (the schemas kept in
 * test/fixtures/openai-schemas.json; docs/providers.md says how to refresh them).
 */

interface Fixture {
  components: { schemas: Record<string, unknown> };
}

const fixture = JSON.parse(readFileSync(new URL('../../test/fixtures/openai-schemas.json', import.meta.url), 'utf8')) as Fixture;

function validators(schemas: Fixture['components']['schemas']): (name: string) => ValidateFunction {
  // The description carries OpenAPI's own keywords (discriminator, x-…, example), which a validator ignores.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ $id: 'https://openai.example/openapi.json', components: { schemas } });
  return (name) => ajv.getSchema(`https://openai.example/openapi.json#/components/schemas/${name}`)!;
}

const schema = validators(fixture.components.schemas);
/** Compiling the schemas takes a few seconds on a busy machine. */
const COMPILING_MS = 60_000;

function problems(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).slice(0, 5).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}

const REQUEST: SearchRequest = { system: 'The person asking is a shopper in the UK.', query: 'best trail running shoes', maxOutputTokens: 4000, maxSearches: 3 };

let sim: RunningModelSimulator;
beforeAll(async () => {
  sim = await startModelSimulator();
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function search(id: 'openai' | 'xai', model: string, ending?: SimEnding): Promise<unknown> {
  if (ending) sim.setConfig({ [id]: { ending } });
  await new OpenAiCompatibleProvider(id, { apiKey: 'test-key', baseUrl: sim.baseUrls[id], model }, 10_000).search(REQUEST, AbortSignal.timeout(10_000));
  return sim.lastRequest(id);
}

/** The simulator's raw answer to a request body, as the SDK would receive it. */
async function rawAnswer(id: 'openai' | 'xai', path: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${sim.baseUrls[id]}${path}`, { method: 'POST', headers: { authorization: 'Bearer test-key', 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

describe("OpenAI's published schemas", () => {
  it.each([
    ['openai', 'gpt-5.5'],
    ['openai', 'gpt-4o'],
    ['xai', 'grok-4.5'],
  ] as const)('accept the web-search request sent to %s for %s, and every ending the simulator answers it with', async (id, model) => {
    const body = await search(id, model);
    expect(problems(schema('CreateResponse'), body)).toEqual([]);
    for (const ending of [undefined, ...SIM_ENDINGS]) {
      sim.setConfig(ending ? { [id]: { ending } } : {});
      expect({ ending, problems: problems(schema('Response'), await rawAnswer(id, '/responses', body)) }).toEqual({ ending, problems: [] });
    }
  }, COMPILING_MS);

  it('accept the Chat Completions requests of the other tools (structured output, an image) and their answers', async () => {
    const provider = new OpenAiCompatibleProvider('openai', { apiKey: 'test-key', baseUrl: sim.baseUrls.openai, model: 'gpt-5.5' }, 10_000);
    await provider.complete(
      {
        system: '[task:image-findings] Describe the product.',
        user: 'The image.',
        image: { mimeType: 'image/jpeg', base64: Buffer.from('not really a jpeg').toString('base64') },
        json: { name: 'findings', schema: { type: 'object', properties: { findings: { type: 'array', items: { type: 'string' } } }, required: ['findings'], additionalProperties: false } },
        maxOutputTokens: 800,
      },
      AbortSignal.timeout(10_000),
    );
    const body = sim.lastRequest('openai');
    expect(problems(schema('CreateChatCompletionRequest'), body)).toEqual([]);
    expect(problems(schema('CreateChatCompletionResponse'), await rawAnswer('openai', '/chat/completions', body))).toEqual([]);
  }, COMPILING_MS);

  it('fail an answer once a field of the schemas is broken on purpose, so these checks can fail', async () => {
    const body = await search('openai', 'gpt-5.5');
    const answer = await rawAnswer('openai', '/responses', body);
    expect(problems(schema('Response'), answer)).toEqual([]);
    const broken = structuredClone(fixture.components.schemas) as { Response: { allOf: { properties?: Record<string, unknown> }[] } };
    // The answer's status must now be a number.
    const own = broken.Response.allOf.find((part) => part.properties?.status !== undefined);
    own!.properties!.status = { type: 'number' };
    expect(problems(validators(broken as unknown as Fixture['components']['schemas'])('Response'), answer)).toEqual(['/status must be number']);
  }, COMPILING_MS);
});
