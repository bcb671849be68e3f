import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { PRODUCTION_POLICY } from '../../src/website/address-policy.js';
import { GroundingLinks } from '../../src/website/grounding-links.js';

interface Listener {
  server: Server;
  base: string;
  /** Method and path of every request it received. */
  seen: string[];
}

async function listen(handle: (request: IncomingMessage, response: ServerResponse) => void): Promise<Listener> {
  const seen: string[] = [];
  const server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

let endpoint: Listener;
let other: Listener;
let links: GroundingLinks;
let endlessBodiesStopped = 0;
const never = new AbortController().signal;

beforeAll(async () => {
  endpoint = await listen((request, response) => {
    const path = request.url ?? '';
    if (path === '/gemini/grounding-api-redirect/ok') {
      response.writeHead(302, { location: 'https://shop.example/page?x=1' }).end();
    } else if (path === '/gemini/grounding-api-redirect/relative') {
      response.writeHead(301, { location: '/elsewhere' }).end();
    } else if (path === '/gemini/grounding-api-redirect/get-only' && request.method === 'HEAD') {
      response.writeHead(405).end();
    } else if (path === '/gemini/grounding-api-redirect/get-only') {
      // A redirect with a body that never ends: the resolver must not read it.
      response.writeHead(302, { location: 'https://shop.example/from-get' });
      const timer = setInterval(() => response.write('x'.repeat(16_384)), 5);
      response.on('close', () => {
        clearInterval(timer);
        endlessBodiesStopped++;
      });
    } else if (path === '/gemini/grounding-api-redirect/script') {
      response.writeHead(302, { location: 'javascript:alert(1)' }).end();
    } else if (path === '/gemini/grounding-api-redirect/hang') {
      // Never answers; the caller's signal ends the wait.
    } else {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<p>a page</p>');
    }
  });
  other = await listen((_request, response) => response.writeHead(302, { location: 'https://shop.example/other' }).end());
  links = new GroundingLinks({ userAgent: 'test', policy: PRODUCTION_POLICY, geminiBaseUrl: `${endpoint.base}/gemini` });
});

afterAll(async () => {
  for (const { server } of [endpoint, other]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  endpoint.seen.length = 0;
  other.seen.length = 0;
});

describe("Gemini's grounding links", () => {
  it('resolve to where they redirect, from one HEAD, the page itself never requested', async () => {
    expect(await links.resolve(`${endpoint.base}/gemini/grounding-api-redirect/ok`, never)).toBe('https://shop.example/page?x=1');
    expect(await links.resolve(`${endpoint.base}/gemini/grounding-api-redirect/relative`, never)).toBe(`${endpoint.base}/elsewhere`);
    expect(endpoint.seen).toEqual(['HEAD /gemini/grounding-api-redirect/ok', 'HEAD /gemini/grounding-api-redirect/relative']);
  });

  it('fall back to a GET when HEAD is refused, closing the connection without reading the body', async () => {
    expect(await links.resolve(`${endpoint.base}/gemini/grounding-api-redirect/get-only`, never)).toBe('https://shop.example/from-get');
    expect(endpoint.seen).toEqual(['HEAD /gemini/grounding-api-redirect/get-only', 'GET /gemini/grounding-api-redirect/get-only']);
    for (let wait = 0; endlessBodiesStopped === 0 && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(endlessBodiesStopped).toBe(1);
  });

  it('stay as they are when they do not redirect to a web page, or the wait is given up', async () => {
    for (const path of ['script', 'plain']) {
      const link = `${endpoint.base}/gemini/grounding-api-redirect/${path}`;
      expect(await links.resolve(link, never)).toBe(link);
    }
    const stop = new AbortController();
    const hanging = links.resolve(`${endpoint.base}/gemini/grounding-api-redirect/hang`, stop.signal);
    for (let wait = 0; !endpoint.seen.some((line) => line.endsWith('/hang')) && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    expect(await hanging).toBe(`${endpoint.base}/gemini/grounding-api-redirect/hang`);
  });

  it('are the only links followed: any other address is returned unread', async () => {
    const untouched = [
      `${other.base}/gemini/grounding-api-redirect/ok`,
      `${other.base}/grounding-api-redirect/ok`,
      `${endpoint.base}/gemini/v1beta/models/x`,
      `${endpoint.base}/grounding-api-redirect/ok`,
      `http://user:pw@127.0.0.1:${new URL(endpoint.base).port}/gemini/grounding-api-redirect/ok`,
      'http://vertexaisearch.cloud.google.com/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com:8443/grounding-api-redirect/x',
      'https://vertexaisearch.cloud.google.com/other/x',
      'not a link',
    ];
    for (const link of untouched) expect(await links.resolve(link, never)).toBe(link);
    expect(endpoint.seen).toEqual([]);
    expect(other.seen).toEqual([]);
  });

  it('follow Google links only under the site check policy: production refuses a private address', async () => {
    // Without a configured endpoint only Google's host is followed, and never to this machine.
    const production = new GroundingLinks({ userAgent: 'test', policy: PRODUCTION_POLICY });
    const link = `${endpoint.base}/gemini/grounding-api-redirect/ok`;
    expect(await production.resolve(link, never)).toBe(link);
    expect(endpoint.seen).toEqual([]);
  });
});
