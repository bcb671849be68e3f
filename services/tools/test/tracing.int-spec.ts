import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { MODEL_PROVIDER_IDS } from '@agency/shared';
import { useToolsHarness } from './support/tools-harness.js';

/** One span as an OTLP/HTTP JSON export carries it, with its service's name. */
interface ReceivedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

const SPAN_KIND = { server: 2, client: 3, producer: 4, consumer: 5 };

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

/** A real OTLP/HTTP receiver (JSON encoding), as a collector or Jaeger would run one. */
function startReceiver(): Promise<{ server: Server; url: string; spans: ReceivedSpan[] }> {
  const spans: ReceivedSpan[] = [];
  const attributes = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, Object.values(value)[0]]));
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces' && req.headers['content-type']?.startsWith('application/json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: (Omit<ReceivedSpan, 'service' | 'attributes'> & { attributes: OtlpAttribute[] })[] }[] }[];
        };
        for (const resourceSpans of body.resourceSpans) {
          const service = String(attributes(resourceSpans.resource.attributes)['service.name']);
          for (const scope of resourceSpans.scopeSpans) {
            for (const span of scope.spans) spans.push({ ...span, parentSpanId: span.parentSpanId ?? '', service, attributes: attributes(span.attributes) });
          }
        }
        res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
      } else {
        res.writeHead(415).end();
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans })));
}

let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(async () => {
  await new Promise((resolve) => receiver.server.close(resolve));
});

// No worker at the start: the one the test starts, and the API process, export to the receiver.
const harness = useToolsHarness('tracing', { workers: 0, env: () => ({ AUDIT_RUNS: '1', OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url }) });

describe('traces', () => {
  it("carry one audit from the API's request through the job to each provider call, under the gateway's request id", async () => {
    await harness().startWorker();
    const api = await harness().startApiProcess();
    const requestId = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const response = await fetch(`${api.url}/api/llm-query`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId },
      body: JSON.stringify({ query: 'best vegan protein powder UK', brand: 'Brightleaf', email: 'trace@example.com' }),
    });
    expect(response.status).toBe(200);

    const traceSpans = async (): Promise<ReceivedSpan[]> => {
      for (let attempt = 0; attempt < 100; attempt++) {
        const apiSpan = receiver.spans.find((span) => span.kind === SPAN_KIND.server && span.attributes['request.id'] === requestId);
        const spans = apiSpan ? receiver.spans.filter((span) => span.traceId === apiSpan.traceId) : [];
        // Each process exports on its own schedule: the job's span ends after the provider calls.
        const complete = spans.some((span) => span.kind === SPAN_KIND.consumer) && MODEL_PROVIDER_IDS.every((id) => spans.some((span) => span.name === `model ${id}`));
        if (complete) return spans;
        await sleep(100);
      }
      return receiver.spans;
    };
    const spans = await traceSpans();
    const byId = new Map(spans.map((span) => [span.spanId, span]));
    const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [parent, ...ancestors(parent)] : [];
    };

    const apiSpan = spans.find((span) => span.kind === SPAN_KIND.server && span.attributes['request.id'] === requestId);
    expect(apiSpan).toMatchObject({ service: 'agency-tools-api', name: 'POST /api/llm-query', attributes: expect.objectContaining({ 'http.response.status_code': 200 }) });
    const jobSpan = spans.find((span) => span.kind === SPAN_KIND.consumer);
    expect(jobSpan).toMatchObject({ service: 'agency-worker', attributes: expect.objectContaining({ 'request.id': requestId, 'bullmq.job.name': 'audit' }) });
    expect(ancestors(jobSpan!)).toContain(apiSpan);
    for (const id of MODEL_PROVIDER_IDS) {
      // The audit's question in each engine's web-search mode; brand extraction may add a plain call.
      const calls = spans.filter((span) => span.name === `model ${id}` && span.attributes['model.call'] === 'search');
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ service: 'agency-worker', kind: SPAN_KIND.client, attributes: expect.objectContaining({ 'request.id': requestId, 'model.outcome': 'answered' }) });
      expect(ancestors(calls[0]!)).toContain(jobSpan);
    }
    console.log(`one audit's trace: ${spans.length} spans: ${spans.map((span) => `${span.service}/${span.name}`).join(', ')}`);
  }, 60_000);
});
