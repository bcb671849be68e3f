import { describe, expect, it, afterAll, beforeAll, beforeEach } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { TOOL_REQUEST_ID_HEADER, type ToolProgressEvent } from '@agency/shared';
import sharp from 'sharp';
import { createToolsApp } from '../src/http-app.js';
import { MAX_STREAMS_PER_CLIENT, TOO_MANY_STREAMS_MESSAGE } from '../src/progress/tool-progress.streams.js';
import { openProgressStream, type ProgressStream } from './support/progress-stream.js';
import { expectedGrounded } from './support/grounded-expectations.js';
import { useToolsHarness } from './support/tools-harness.js';
import { startTestSiteServer, type TestSiteServer } from './website/support/test-site-server.js';

/** A one-page shop site for the semantic expansion stages. */
let site: TestSiteServer;
beforeAll(async () => {
  site = await startTestSiteServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end('<html><body><h1>Trailmix oat bars</h1><p>Our oat bars for hiking pack slow energy, nuts and seeds for long trails.</p></body></html>');
    } else {
      res.writeHead(404).end();
    }
  });
});
afterAll(() => site.close());

const harness = useToolsHarness('progress', {
  workers: 1,
  env: () => ({ SITE_CHECK_TEST_ONLY_ALLOW_PRIVATE: '1', SITE_CHECK_TEST_ONLY_PORTS: String(site.port) }),
});

const streams: ProgressStream[] = [];
async function progressOf(requestId: string, baseUrl = harness().baseUrl(), headers: Record<string, string> = {}): Promise<ProgressStream> {
  const stream = await openProgressStream(`${baseUrl}/api/tool-progress/${requestId}`, headers);
  streams.push(stream);
  return stream;
}
afterAll(() => streams.forEach((stream) => stream.close()));

async function post(path: string, body: unknown, requestId?: string): Promise<{ status: number; body: Record<string, unknown>; finishedAt: number }> {
  const response = await fetch(`${harness().baseUrl()}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(requestId ? { [TOOL_REQUEST_ID_HEADER]: requestId } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, finishedAt: Date.now() };
}

const modelEvents = (stream: ProgressStream) =>
  stream.events.map((received) => received.event).filter((event): event is Extract<ToolProgressEvent, { type: 'model' }> => event.type === 'model');

describe('live progress of a tool request', () => {
  beforeEach(() => harness().sim.reset());

  it('streams each model’s answer in the order the models answer, before the POST completes', async () => {
    harness().sim.setConfig({
      gemini: { latencyMs: 50 },
      openai: { latencyMs: 600 },
      xai: { latencyMs: 1200 },
      anthropic: { latencyMs: 2000 },
    });
    const requestId = randomUUID();
    const stream = await progressOf(requestId);
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');

    const query = 'best trail running shoes';
    const started = Date.now();
    const answer = await post('/api/llm-query', { query, brand: 'Corvel', email: 'runner@example.com' }, requestId);
    expect(answer.status).toBe(200);
    await stream.ended;

    const events = stream.events.map((received) => received.event);
    expect(events[0]).toEqual({ type: 'started', tool: 'audit' });
    expect(modelEvents(stream).map((event) => [event.provider, event.status])).toEqual([
      ['gemini', 'answered'],
      ['openai', 'answered'],
      ['xai', 'answered'],
      ['anthropic', 'answered'],
    ]);
    // The page gets each answer's sources and searches with it, before the POST answers. The runs
    // are asked at once, so the first answer to come back may be any of the simulator's variants.
    const firstGemini = modelEvents(stream)[0]!;
    const gemini = [0, 1, 2].map((variant) => expectedGrounded('gemini', query, undefined, variant)).find((expected) => expected.text === firstGemini.answer);
    expect(gemini).toBeDefined();
    expect(firstGemini).toMatchObject({ answer: gemini!.text, citations: gemini!.citations, searchQueries: gemini!.searchQueries, grounded: true });
    expect(events.at(-1)).toEqual({ type: 'done', outcome: 'completed' });
    // The first answer reached the page well before the slowest model let the POST finish.
    const firstModelAt = stream.events.find((received) => received.event.type === 'model')!;
    const postTookMs = answer.finishedAt - started;
    expect(postTookMs).toBeGreaterThanOrEqual(1900);
    expect(firstModelAt.at).toBeLessThan(postTookMs - 1200);
    // Each event carries the stream id the browser sends back as Last-Event-ID.
    expect(stream.events.every((received) => /^\d+-\d+$/.test(received.id ?? ''))).toBe(true);
    // The POST answer keeps its documented shape.
    expect(Object.keys(answer.body).sort()).toEqual([
      'brandSources',
      'brands',
      'citations',
      'competitorVisibility',
      'endingCounts',
      'endings',
      'errors',
      'gapDomains',
      'grounded',
      'memory',
      'method',
      'models',
      'nextSteps',
      'query',
      'reportId',
      'reportUrl',
      'responses',
      'retrieval',
      'runAnswers',
      'runs',
      'searchQueries',
      'searchSuggestions',
      'visibility',
      'websitePages',
    ]);
  });

  it('replays what happened to a stream that connects late, and tells a reconnect after the end there is nothing more', async () => {
    const requestId = randomUUID();
    const answer = await post('/api/llm-query', { query: 'oat milk for baristas', email: 'late@example.com' }, requestId);
    expect(answer.status).toBe(200);

    const late = await progressOf(requestId);
    await late.ended;
    const events = late.events.map((received) => received.event);
    expect(events[0]).toEqual({ type: 'started', tool: 'audit' });
    expect(modelEvents(late).map((event) => event.status)).toEqual(['answered', 'answered', 'answered', 'answered']);
    expect(events.at(-1)).toEqual({ type: 'done', outcome: 'completed' });

    const lastId = late.events.at(-1)!.id!;
    const reconnect = await fetch(`${harness().baseUrl()}/api/tool-progress/${requestId}`, { headers: { 'Last-Event-ID': lastId } });
    expect(reconnect.status).toBe(204);

    // A reconnect in the middle gets only the events after the id it last saw.
    const middleId = late.events[2]!.id!;
    const resumed = await progressOf(requestId, harness().baseUrl(), { 'Last-Event-ID': middleId });
    await resumed.ended;
    expect(resumed.events.map((received) => received.id)).toEqual(late.events.slice(3).map((received) => received.id));
  });

  it('shows a failing provider as failed with its readable message while the others answer', async () => {
    harness().sim.setConfig({ anthropic: { status: 500 } });
    const requestId = randomUUID();
    const stream = await progressOf(requestId);
    const answer = await post('/api/llm-query', { query: 'quiet dishwasher brands', email: 'a@b.co' }, requestId);
    await stream.ended;
    const claude = modelEvents(stream).find((event) => event.provider === 'anthropic');
    expect(claude).toEqual({ type: 'model', provider: 'anthropic', status: 'failed', message: 'Claude had a server error (500).' });
    expect(modelEvents(stream).filter((event) => event.status === 'answered')).toHaveLength(3);
    expect(answer.body.errors).toEqual({ claude: 'Claude had a server error (500).' });
  });

  it('works when the stream is open on another API replica than the one that took the POST', async () => {
    const other: INestApplication = await createToolsApp(harness().config);
    await other.listen(0, '127.0.0.1');
    try {
      const address = (other.getHttpServer() as Server).address() as AddressInfo;
      const requestId = randomUUID();
      const stream = await progressOf(requestId, `http://127.0.0.1:${address.port}`);
      // The other replica's event subscription starts once its Redis connection is ready.
      await new Promise((resolve) => setTimeout(resolve, 300));
      await post('/api/llm-query', { query: 'refillable deodorant', email: 'a@b.co' }, requestId);
      await stream.ended;
      expect(modelEvents(stream)).toHaveLength(4);
      expect(stream.events.at(-1)!.event).toEqual({ type: 'done', outcome: 'completed' });
    } finally {
      await other.close();
    }
  });

  it('reports the image reader per model, with the text its answer will hold', async () => {
    harness().sim.setConfig({ xai: { status: 401 } });
    const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3a7' } }).png().toBuffer();
    const requestId = randomUUID();
    const stream = await progressOf(requestId);
    const answer = await post('/api/analyze-image', { imageBase64: png.toString('base64'), email: 'viewer@example.com' }, requestId);
    expect(answer.status).toBe(200);
    await stream.ended;
    const byProvider = Object.fromEntries(modelEvents(stream).map((event) => [event.provider, event]));
    expect(byProvider.openai).toMatchObject({ status: 'answered', answer: answer.body.openai });
    expect(JSON.parse(String(byProvider.openai!.answer))).toEqual(expect.any(Array));
    expect(byProvider.xai).toMatchObject({ status: 'failed', message: 'Grok refused the API key (401).', answer: answer.body.grok });
  });

  it('reports the semantic expansion stages in order', async () => {
    const requestId = randomUUID();
    const stream = await progressOf(requestId);
    const answer = await post('/api/query-fan-out', { keyword: 'oat bars for hiking', website: site.url().toString(), email: 'owner@example.com' }, requestId);
    expect(answer.status).toBe(200);
    await stream.ended;
    const stages = stream.events.map((received) => received.event).filter((event) => event.type === 'stage');
    const finishedOrder = stages.filter((event) => event.status !== 'running').map((event) => event.stage);
    expect(new Set(finishedOrder.slice(0, 2))).toEqual(new Set(['generating-queries', 'reading-website']));
    expect(finishedOrder[2]).toBe('judging-coverage');
    expect(stages).toContainEqual({
      type: 'stage',
      stage: 'generating-queries',
      status: 'finished',
      message: `${(answer.body.queries as string[]).length} queries from 3 passes`,
    });
    expect(stages).toContainEqual({ type: 'stage', stage: 'reading-website', status: 'finished', message: '1 page read' });
  });

  it('refuses a malformed request id with a readable 400, and still answers a POST without one', async () => {
    for (const bad of ['not-a-uuid', randomUUID().toUpperCase(), '00000000-0000-1000-8000-000000000000']) {
      const response = await fetch(`${harness().baseUrl()}/api/tool-progress/${bad}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ statusCode: 400, message: expect.stringMatching(/UUID v4/), error: 'Bad Request' });
    }
    const badHeader = await post('/api/llm-query', { query: 'x', email: 'a@b.co' }, 'abc');
    expect(badHeader.status).toBe(400);
    expect(badHeader.body.message).toMatch(/X-Tool-Request-Id/);
    const plain = await post('/api/llm-query', { query: 'plain request', email: 'a@b.co' });
    expect(plain.status).toBe(200);
  });

  it('limits the streams one address may hold open', async () => {
    const open = await Promise.all(Array.from({ length: MAX_STREAMS_PER_CLIENT }, () => progressOf(randomUUID())));
    expect(open.map((stream) => stream.status)).toEqual(Array(MAX_STREAMS_PER_CLIENT).fill(200));
    const refused = await fetch(`${harness().baseUrl()}/api/tool-progress/${randomUUID()}`);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ statusCode: 429, message: TOO_MANY_STREAMS_MESSAGE, error: 'Too Many Requests' });
    open.forEach((stream) => stream.close());
    await Promise.all(open.map((stream) => stream.ended));
    // The server notices the closed connections and frees their places.
    let status = 0;
    for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const again = await progressOf(randomUUID());
      status = again.status;
      again.close();
    }
    expect(status).toBe(200);
  });

  it('keeps a stream for an id nobody reports on open and quiet (it ends at the longest tool deadline)', async () => {
    const stream = await progressOf(randomUUID());
    expect(stream.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(stream.events).toEqual([]);
    expect(stream.comments).toContain('connected');
    stream.close();
  });
});
