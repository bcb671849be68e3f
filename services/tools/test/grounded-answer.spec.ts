import { describe, expect, it } from '@jest/globals';
import type Anthropic from '@anthropic-ai/sdk';
import { GenerateContentResponse } from '@google/genai';
import type { Response as ResponsesAnswer } from 'openai/resources/responses/responses';
import { checkGroundedAnswer } from '../src/audit/audit.handler.js';
import { groundedMessage } from '../src/models/anthropic.provider.js';
import { groundedContent } from '../src/models/gemini.provider.js';
import { CitationList, citableUrl, LINKS_AS_GIVEN, markSpans, renderSourceMarks, sourceMark, type GroundedAnswer } from '../src/models/grounded-answer.js';
import { groundedResponse } from '../src/models/openai-compatible.provider.js';

const usage = { inputTokens: 0, outputTokens: 0, searches: 0 };
const never = new AbortController().signal;

function answer(text: string, citations: GroundedAnswer['citations'] = []): GroundedAnswer {
  return { text, citations, searchQueries: [], searched: true, usage, ending: 'complete' };
}

describe('source marks', () => {
  it('become [n], adjacent ones [1][2]; "[n]" the model wrote becomes (n); marks past the sources and half marks go', () => {
    expect(renderSourceMarks(`One.${sourceMark(1)}${sourceMark(2)} Two [7].${sourceMark(3)} Three.${sourceMark(4)}`, 3)).toBe('One. [1][2] Two (7). [3] Three.');
    expect(renderSourceMarks(`Cut here.${sourceMark(12).slice(0, 3)}`, 20)).toBe('Cut here.');
    expect(renderSourceMarks(`Cut here.${sourceMark(12).slice(0, 2)}`, 20)).toBe('Cut here.');
  });

  it('survive the plain-text cleaning, which removes the links and HTML around them', () => {
    const checked = checkGroundedAnswer(
      answer(`See <b>this</b> [page](https://evil.example/x) at https://evil.example/y${sourceMark(1)}`, [
        { url: 'https://shop.example/a', title: '<i>Shop</i> [home](https://x.example)', citedText: 'Quote https://x.example' },
      ]),
    );
    expect(checked.text).toBe('See this page at [link removed] [1]');
    expect(checked.citations).toEqual([{ url: 'https://shop.example/a', title: 'Shop home', citedText: 'Quote [link removed]' }]);
  });
});

describe('cited addresses', () => {
  it('keep only http(s) pages without credentials, and drop the tracking parameter OpenAI adds', () => {
    expect(citableUrl('https://a.example/p?utm_source=openai')).toBe('https://a.example/p');
    expect(citableUrl('https://a.example/p?id=2&utm_source=openai')).toBe('https://a.example/p?id=2');
    expect(citableUrl('https://a.example/p?utm_source=news')).toBe('https://a.example/p?utm_source=news');
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://user:pw@a.example/', 'not a url', 42, `https://a.example/${'x'.repeat(2100)}`]) {
      expect(citableUrl(bad)).toBeUndefined();
    }
  });

  it('are numbered in the order first cited, the same address keeping its number', () => {
    const list = new CitationList();
    const text = markSpans(
      'abcdefghij',
      [
        { start: 6, end: 6, sources: [{ url: 'https://b.example/' }], replace: false },
        { start: 2, end: 2, sources: [{ url: 'https://a.example/', title: 'A' }, { url: 'javascript:x' }], replace: false },
        { start: 9, end: 9, sources: [{ url: 'https://a.example/' }], replace: false },
        { start: 4, end: 40, sources: [{ url: 'https://c.example/' }], replace: true },
      ],
      list,
    );
    expect(renderSourceMarks(text, 9)).toBe('ab [1]cdef [2]ghi [1]j');
    expect(list.citations).toEqual([
      { url: 'https://a.example/', title: 'A' },
      { url: 'https://b.example/', title: 'b.example' },
    ]);
  });
});

describe('Responses API answers', () => {
  const response = (text: string, annotations: unknown[], output: unknown[] = []): ResponsesAnswer =>
    ({
      output: [...output, { type: 'message', id: 'm', status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations }] }],
      usage: { input_tokens: 10, output_tokens: 5 },
    }) as unknown as ResponsesAnswer;

  it('replace the link an annotation covers, and mark after a claim an annotation covers', () => {
    const linked = 'Corvel is good. ([corvel.example](https://corvel.example/?utm_source=openai)) Next.';
    const start = linked.indexOf('(');
    const first = groundedResponse(
      response(linked, [{ type: 'url_citation', start_index: start, end_index: linked.indexOf(' Next'), url: 'https://corvel.example/?utm_source=openai', title: 'Corvel' }]),
    );
    expect(renderSourceMarks(first.text, 9).replace(/\s+/g, ' ')).toBe('Corvel is good. [1] Next.');
    const claim = 'Corvel is good. Next.';
    const second = groundedResponse(response(claim, [{ type: 'url_citation', start_index: 0, end_index: 15, url: 'https://corvel.example/', title: 'Corvel' }]));
    expect(renderSourceMarks(second.text, 9)).toBe('Corvel is good. [1] Next.');
  });

  it("turn Grok's inline citations into marks even without annotations, and count only the searches that ran (not open_page, find_in_page or failed calls)", () => {
    const grounded = groundedResponse(
      response('Lumera leads.[[1]](https://lumera.example/a)[[2]](https://review.example/b) Done.', [], [
        { type: 'web_search_call', id: 'w1', status: 'completed', action: { type: 'search', query: 'old field', queries: ['lumera reviews'] } },
        { type: 'web_search_call', id: 'w2', status: 'completed', action: { type: 'search', query: 'lumera price' } },
        { type: 'web_search_call', id: 'w3', status: 'completed', action: { type: 'open_page', url: 'https://lumera.example/a' } },
        { type: 'web_search_call', id: 'w4', status: 'completed', action: { type: 'find_in_page', pattern: 'price', url: 'https://lumera.example/a' } },
        { type: 'web_search_call', id: 'w5', status: 'failed', action: { type: 'search', query: 'lumera stockists' } },
      ]),
    );
    expect(renderSourceMarks(grounded.text, 9)).toBe('Lumera leads. [1][2] Done.');
    expect(grounded.citations.map(({ url }) => url)).toEqual(['https://lumera.example/a', 'https://review.example/b']);
    expect(grounded).toMatchObject({ searchQueries: ['lumera reviews', 'lumera price'], searched: true, usage: { inputTokens: 10, outputTokens: 5, searches: 2 } });
  });

  it('are refused when they hold no text', () => {
    expect(() => groundedResponse(response('  ', []))).toThrow(SyntaxError);
  });
});

describe('Claude messages with web search', () => {
  it('take the text after the first search result, marking each cited block, and count the billed searches', () => {
    const message = {
      content: [
        { type: 'text', text: "I'll look that up.", citations: null },
        { type: 'server_tool_use', id: 's1', name: 'web_search', input: { query: 'oat milk uk' } },
        { type: 'web_search_tool_result', tool_use_id: 's1', content: [{ type: 'web_search_result', url: 'https://verdane.example/', title: 'Verdane', encrypted_content: 'x', page_age: null }] },
        { type: 'text', text: 'Oatly-free pick: Verdane.', citations: [{ type: 'web_search_result_location', url: 'https://verdane.example/', title: 'Verdane', cited_text: 'Creamy.', encrypted_index: 'x' }] },
        { type: 'text', text: ' Enjoy.', citations: null },
      ],
      usage: { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 5, server_tool_use: { web_search_requests: 1 } },
    } as unknown as Anthropic.Message;
    const grounded = groundedMessage(message);
    expect(renderSourceMarks(grounded.text, 9)).toBe('Oatly-free pick: Verdane. [1] Enjoy.');
    expect(grounded).toMatchObject({
      citations: [{ url: 'https://verdane.example/', title: 'Verdane', citedText: 'Creamy.' }],
      searchQueries: ['oat milk uk'],
      searched: true,
      usage: { inputTokens: 105, outputTokens: 20, searches: 1 },
    });
  });
});

describe('Gemini grounded content', () => {
  const content = (text: string, metadata: unknown): GenerateContentResponse =>
    Object.assign(new GenerateContentResponse(), { candidates: [{ content: { role: 'model', parts: [{ text }] }, groundingMetadata: metadata }] });

  it('mark the end of each supported segment, counting UTF-8 bytes, and resolve the chunks\u2019 links', async () => {
    const text = 'Crème brûlée kits: Tessaly. Also Quillon.';
    const first = 'Crème brûlée kits: Tessaly.';
    const resolved: string[] = [];
    const links = { resolve: (link: string) => (resolved.push(link), Promise.resolve(link.replace('redirect/', ''))) };
    const grounded = await groundedContent(
      content(text, {
        webSearchQueries: ['creme brulee kit'],
        groundingChunks: [{ web: { uri: 'https://g.example/redirect/https://tessaly.example/', title: 'tessaly.example' } }, { web: { uri: 'https://quillon.example/' } }, {}],
        groundingSupports: [
          { segment: { endIndex: Buffer.byteLength(first), text: first }, groundingChunkIndices: [0] },
          // Wrong offsets, but its text is found.
          { segment: { startIndex: 1, endIndex: 3, text: 'Also Quillon.' }, groundingChunkIndices: [1, 7] },
        ],
      }),
      links,
      never,
    );
    expect(renderSourceMarks(grounded.text, 9)).toBe('Crème brûlée kits: Tessaly. [1] Also Quillon. [2]');
    expect(grounded.citations).toEqual([
      { url: 'https://g.example/https://tessaly.example/', title: 'tessaly.example' },
      { url: 'https://quillon.example/', title: 'quillon.example' },
    ]);
    expect(resolved).toHaveLength(2);
    expect(grounded).toMatchObject({ searchQueries: ['creme brulee kit'], searched: true, usage: { searches: 1 } });
  });

  it('answer from memory when there is no grounding metadata', async () => {
    const grounded = await groundedContent(content('Plain answer.', undefined), LINKS_AS_GIVEN, never);
    expect(grounded).toMatchObject({ text: 'Plain answer.', citations: [], searchQueries: [], searched: false });
  });
});
