import { describe, expect, it } from '@jest/globals';
import type Anthropic from '@anthropic-ai/sdk';
import type { GenerateContentResponse } from '@google/genai';
import OpenAI from 'openai';
import {
  citedSources,
  searchAnswerText,
  SIMULATED_BRANDS,
  simulatedAuditAnswer,
  simulatedAuditBrands,
  simulatedSearch,
  simulatedSearchQueries,
  type RunningModelSimulator,
} from '../src/index.js';
import { anthropicClient, geminiClient, openAiClient, rejectionOf } from './support/sdk-clients.js';
import { simulatorPerFile } from './support/simulator-per-file.js';

let sim: RunningModelSimulator;
simulatorPerFile((started) => {
  sim = started;
});

const QUERY = 'best vegan protein powder UK';
const SITE = 'https://www.brightleaf-shop.example';

/** The Responses API with the web_search tool, as the audit asks OpenAI and xAI. */
function askResponses(provider: 'openai' | 'xai', input: string, include = true): Promise<OpenAI.Responses.Response> {
  return openAiClient(sim, provider).responses.create({
    model: provider === 'openai' ? 'gpt-4o' : 'grok-4',
    instructions: 'The person asking is a shopper in the UK. Answer in plain text.',
    input,
    tools: [{ type: 'web_search', user_location: { type: 'approximate', country: 'GB' } }],
    ...(include ? { include: ['web_search_call.action.sources' as const] } : {}),
  });
}

function askClaude(input: string, maxUses = 3): Promise<Anthropic.Message> {
  return anthropicClient(sim).messages.create({
    model: 'claude-sim',
    max_tokens: 1024,
    system: 'The person asking is a shopper in the UK. Answer in plain text.',
    tools: [{ type: 'web_search_20250305', name: 'web_search', max_uses: maxUses, user_location: { type: 'approximate', country: 'GB' } }],
    messages: [{ role: 'user', content: input }],
  });
}

function askGemini(input: string): Promise<GenerateContentResponse> {
  return geminiClient(sim).models.generateContent({
    model: 'gemini-2.5-flash',
    contents: input,
    config: { systemInstruction: 'The person asking is a shopper in the UK. Answer in plain text.', tools: [{ googleSearch: {} }] },
  });
}

function outputText(response: OpenAI.Responses.Response) {
  const message = response.output.find((item) => item.type === 'message');
  const part = message?.type === 'message' ? message.content[0] : undefined;
  return part?.type === 'output_text' ? part : undefined;
}

function searchCalls(response: OpenAI.Responses.Response): OpenAI.Responses.ResponseFunctionWebSearch[] {
  return response.output.filter((item): item is OpenAI.Responses.ResponseFunctionWebSearch => item.type === 'web_search_call');
}

function mentions(text: string, brand: string): boolean {
  return new RegExp(`(^|[^\\p{L}])${brand.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text);
}

describe('simulated web search answers', () => {
  it('name exactly the chosen brands, say they are simulated and read as sentences', () => {
    for (const provider of ['openai', 'anthropic', 'gemini', 'xai'] as const) {
      for (const query of [QUERY, 'quiet dishwasher', 'crème fraîche alternatives', 'kids waterproof jacket']) {
        const search = simulatedSearch(provider, query, { citedSite: SITE });
        const text = searchAnswerText(search);
        expect(text).toMatch(/^Simulated (ChatGPT|Claude|Gemini|Grok) answer \(demo mode: no real model or web search was used\)\./);
        const named = SIMULATED_BRANDS.filter((brand) => mentions(text, brand));
        expect([...named].sort()).toEqual([...simulatedAuditBrands(provider, query)].sort());
        for (const sentence of search.paragraphs.flat()) expect(sentence.text).toMatch(/^[A-Z"].*[.]$/);
        expect(simulatedSearch(provider, query, { citedSite: SITE })).toEqual(search);
        expect(search.queries[0]).toBe(query);
        for (const { title } of search.sources) expect(title).not.toMatch(/best best/i);
        for (const source of search.sources) expect(new URL(source.url).hostname).toMatch(/\.example$/);
      }
    }
  });

  it('vary between engines and questions, and cite a page of the configured site', () => {
    const texts = new Set(['quiet dishwasher', 'oat milk', 'trail shoes', 'bamboo socks'].flatMap((query) =>
      (['openai', 'anthropic', 'gemini', 'xai'] as const).map((provider) => searchAnswerText(simulatedSearch(provider, query)).split('\n\n')[1]),
    ));
    expect(texts.size).toBeGreaterThan(12);
    const search = simulatedSearch('gemini', QUERY, { citedSite: `${SITE}/uk/` });
    expect(citedSources(search).map(({ url }) => url)).toContain(`${SITE}/uk/guides/best-vegan-protein-powder-uk`);
    expect(searchAnswerText(search)).toContain(' brightleaf-shop.example ');
  });
});

describe.each(['openai', 'xai'] as const)('the %s Responses API with web_search', (provider) => {
  it('answers web_search_call items with their queries and sources, then text with url_citation annotations', async () => {
    sim.setConfig({ citedSite: SITE });
    const response = await askResponses(provider, QUERY);
    const expected = simulatedSearch(provider, QUERY, { citedSite: SITE });
    expect(response.object).toBe('response');
    expect(response.status).toBe('completed');
    const calls = searchCalls(response).filter((call) => call.action.type === 'search');
    expect(calls.map((call) => call.action.type === 'search' && call.action.query)).toEqual(expected.queries);
    // After searching, OpenAI opens a page and looks for words in it; Grok's calls are searches only.
    const others = searchCalls(response).filter((call) => call.action.type !== 'search');
    expect(others.map((call) => call.action.type)).toEqual(provider === 'openai' ? ['open_page', 'find_in_page'] : []);
    const sources = calls.flatMap((call) => (call.action.type === 'search' ? (call.action.sources ?? []) : []));
    expect(sources.map(({ url }) => url).sort()).toEqual(expected.sources.map(({ url }) => url).sort());
    const part = outputText(response)!;
    expect(response.output_text).toBe(part.text);
    const cited = citedSources(expected);
    const annotated = part.annotations.flatMap((annotation) => (annotation.type === 'url_citation' ? [annotation] : []));
    expect([...new Set(annotated.map(({ url }) => url.replace(/[?&]utm_source=openai$/, '')))]).toEqual(cited.map(({ url }) => url));
    for (const annotation of annotated) {
      const span = part.text.slice(annotation.start_index, annotation.end_index);
      // Each annotation covers the link the engine wrote: "([host](url))" for OpenAI, "[[N]](url)" for xAI.
      expect(span).toMatch(provider === 'openai' ? /^\(\[[^\]]+\]\(https:\/\/[^)]+\)\)$/ : /^\[\[\d+\]\]\(https:\/\/[^)]+\)$/);
      expect(span).toContain(annotation.url);
    }
    expect(part.text).toContain(`${SITE}/guides/best-vegan-protein-powder-uk`);
    if (provider === 'xai') {
      expect((response as unknown as { citations: string[] }).citations).toEqual(expected.sources.map(({ url }) => url));
    }
    expect(sim.stats()[provider].searches).toBe(expected.queries.length);
  });

  it('leaves the sources out unless `include` asks for them', async () => {
    const response = await askResponses(provider, QUERY, false);
    for (const call of searchCalls(response)) expect(call.action).not.toHaveProperty('sources');
  });

  it('searches but cites nothing under no-sources, and does not search under no-search', async () => {
    sim.setConfig({ [provider]: { searchFault: 'no-sources' } });
    const bare = await askResponses(provider, QUERY);
    expect(searchCalls(bare).length).toBeGreaterThan(0);
    expect(outputText(bare)!.annotations).toEqual([]);
    expect(bare.output_text).toBe(searchAnswerText(simulatedSearch(provider, QUERY)));
    sim.setConfig({ [provider]: { searchFault: 'no-search' } });
    const memory = await askResponses(provider, QUERY);
    expect(searchCalls(memory)).toEqual([]);
    // The second ask of the same question gets the simulator's next answer.
    expect(memory.output_text).toBe(simulatedAuditAnswer(provider, QUERY, 1));
  });

  it('sends a malformed tool block and unusable citations under malformed-tool', async () => {
    sim.setConfig({ [provider]: { searchFault: 'malformed-tool' } });
    const response = await askResponses(provider, QUERY);
    expect(searchCalls(response)[0]!.action).toBe('search');
    const annotations = outputText(response)!.annotations.flatMap((annotation) => (annotation.type === 'url_citation' ? [annotation] : []));
    expect(annotations.some((annotation) => annotation.start_index > outputText(response)!.text.length)).toBe(true);
    expect(annotations.some((annotation) => annotation.url.startsWith('javascript:'))).toBe(true);
  });
});

describe('xAI Live Search', () => {
  it('answers 410 Gone to search_parameters, as xAI does since Live Search ended', async () => {
    const error = await rejectionOf(
      openAiClient(sim, 'xai').chat.completions.create({
        model: 'grok-4',
        messages: [{ role: 'user', content: QUERY }],
        ...({ search_parameters: { mode: 'on' } } as object),
      }),
    );
    expect(error).toBeInstanceOf(OpenAI.APIError);
    expect(error).toMatchObject({ status: 410 });
  });
});

describe('the Anthropic web search server tool', () => {
  it('answers server_tool_use and web_search_tool_result blocks, then text blocks with web_search_result_location citations', async () => {
    sim.setConfig({ citedSite: SITE });
    const message = await askClaude(QUERY);
    const expected = simulatedSearch('anthropic', QUERY, { citedSite: SITE });
    const calls = message.content.filter((block) => block.type === 'server_tool_use');
    expect(calls.map((block) => block.input)).toEqual(expected.queries.map((query) => ({ query })));
    expect(calls.every((block) => block.name === 'web_search' && block.id.startsWith('srvtoolu_'))).toBe(true);
    const results = message.content.filter((block) => block.type === 'web_search_tool_result');
    expect(results.map((block) => block.tool_use_id)).toEqual(calls.map((block) => block.id));
    const found = results.flatMap((block) => (Array.isArray(block.content) ? block.content : []));
    expect(found.map(({ url }) => url).sort()).toEqual(expected.sources.map(({ url }) => url).sort());
    // The answer starts after the first search result; Claude writes between its searches.
    const firstResult = message.content.findIndex((block) => block.type === 'web_search_tool_result');
    const answerBlocks = message.content.slice(firstResult + 1).flatMap((block) => (block.type === 'text' ? [block] : []));
    expect(answerBlocks.map((block) => block.text).join('')).toBe(searchAnswerText(expected));
    if (expected.queries.length > 1) expect(message.content.findLastIndex((block) => block.type === 'text')).toBeGreaterThan(message.content.findLastIndex((block) => block.type === 'web_search_tool_result'));
    const citations = answerBlocks.flatMap((block) => block.citations ?? []);
    expect(citations.every((citation) => citation.type === 'web_search_result_location' && citation.cited_text.length > 0)).toBe(true);
    expect([...new Set(citations.map((citation) => citation.type === 'web_search_result_location' && citation.url))]).toEqual(
      citedSources(expected).map(({ url }) => url),
    );
    expect(message.usage.server_tool_use?.web_search_requests).toBe(expected.queries.length);
  });

  it('runs at most max_uses searches', async () => {
    const message = await askClaude('gemini-free question about running shoes for flat feet', 1);
    expect(message.content.filter((block) => block.type === 'server_tool_use')).toHaveLength(1);
    expect(message.usage.server_tool_use?.web_search_requests).toBe(1);
  });

  it('sends an empty result and no citation under no-sources, plain text under no-search, broken blocks under malformed-tool', async () => {
    sim.setConfig({ anthropic: { searchFault: 'no-sources' } });
    const bare = await askClaude(QUERY);
    expect(bare.content.filter((block) => block.type === 'web_search_tool_result').every((block) => Array.isArray(block.content) && block.content.length === 0)).toBe(true);
    expect(bare.content.every((block) => block.type !== 'text' || block.citations === null)).toBe(true);
    sim.setConfig({ anthropic: { searchFault: 'no-search' } });
    const memory = await askClaude(QUERY);
    expect(memory.content).toEqual([{ type: 'text', text: simulatedAuditAnswer('anthropic', QUERY, 1), citations: null }]);
    sim.setConfig({ anthropic: { searchFault: 'malformed-tool' } });
    const broken = await askClaude(QUERY);
    expect(broken.content.find((block) => block.type === 'server_tool_use')?.input).toBe('search');
    expect(broken.content.find((block) => block.type === 'web_search_tool_result')?.content).toBe('unavailable');
  });
});

describe('Gemini grounding with Google Search', () => {
  it('answers groundingMetadata: the searches, redirect links per page read (cited ones first) and byte-offset supports', async () => {
    sim.setConfig({ citedSite: SITE });
    const query = 'crème fraîche alternatives';
    const response = await askGemini(query);
    const expected = simulatedSearch('gemini', query, { citedSite: SITE });
    const text = response.text ?? '';
    expect(text).toBe(searchAnswerText(expected));
    const metadata = response.candidates?.[0]?.groundingMetadata;
    expect(metadata?.webSearchQueries).toEqual(expected.queries);
    const chunks = metadata?.groundingChunks ?? [];
    expect(chunks).toHaveLength(expected.sources.length);
    const cited = citedSources(expected).length;
    const bytes = Buffer.from(text);
    for (const support of metadata?.groundingSupports ?? []) {
      const { startIndex = 0, endIndex = 0, text: segment } = support.segment ?? {};
      // Offsets count UTF-8 bytes, so the accented query shifts them away from string indices.
      expect(bytes.subarray(startIndex, endIndex).toString()).toBe(segment);
      // Supports point at the cited pages only; the chunks after them were read and not cited.
      for (const index of support.groundingChunkIndices ?? []) expect(index).toBeLessThan(cited);
    }
    // Each chunk's link redirects (HEAD suffices) to the cited page.
    const targets: string[] = [];
    for (const chunk of chunks) {
      expect(chunk.web?.uri).toMatch(new RegExp(`^${sim.url}/gemini/grounding-api-redirect/`));
      const answer = await fetch(chunk.web!.uri!, { method: 'HEAD', redirect: 'manual' });
      expect(answer.status).toBe(302);
      targets.push(answer.headers.get('location')!);
      expect(chunk.web?.title).toBe(new URL(answer.headers.get('location')!).hostname.replace(/^www\./, ''));
    }
    expect(targets.slice(0, cited)).toEqual(citedSources(expected).map(({ url }) => url));
    expect(targets.slice().sort()).toEqual(expected.sources.map(({ url }) => url).sort());
    expect(targets.slice(0, cited)).toContain(`${SITE}/guides/creme-fraiche-alternatives`);
    // The site's second page is read and never cited.
    expect(targets.slice(cited)).toContain(`${SITE}/products/creme-fraiche-alternatives`);
    expect(sim.stats().gemini.groundingRedirects).toBe(chunks.length);
    expect(response.usageMetadata?.toolUsePromptTokenCount).toBeGreaterThan(0);
  });

  it('refuses redirect tokens it did not make', async () => {
    expect((await fetch(`${sim.url}/gemini/grounding-api-redirect/bm90LWEtdXJs`, { redirect: 'manual' })).status).toBe(404);
    expect((await fetch(`${sim.url}/gemini/grounding-api-redirect/abc`, { method: 'POST', redirect: 'manual' })).status).toBe(405);
  });

  it('sends searches without chunks under no-sources, no metadata under no-search, broken supports under malformed-tool', async () => {
    sim.setConfig({ gemini: { searchFault: 'no-sources' } });
    const bare = (await askGemini(QUERY)).candidates?.[0]?.groundingMetadata;
    expect(bare?.webSearchQueries).toEqual(simulatedSearchQueries('gemini', QUERY));
    expect(bare?.groundingChunks).toBeUndefined();
    sim.setConfig({ gemini: { searchFault: 'no-search' } });
    const memory = await askGemini(QUERY);
    expect(memory.candidates?.[0]?.groundingMetadata).toBeUndefined();
    expect(memory.text).toBe(simulatedAuditAnswer('gemini', QUERY, 1));
    sim.setConfig({ gemini: { searchFault: 'malformed-tool' } });
    const broken = (await askGemini(QUERY)).candidates?.[0]?.groundingMetadata;
    const chunkCount = broken?.groundingChunks?.length ?? 0;
    expect(broken?.groundingSupports?.some((support) => (support.groundingChunkIndices ?? []).some((index) => index >= chunkCount))).toBe(true);
    expect(broken?.groundingChunks?.some((chunk) => chunk.web === undefined)).toBe(true);
  });
});
