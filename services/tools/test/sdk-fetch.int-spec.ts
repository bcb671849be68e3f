import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
import { sdkFetch } from '../src/models/sdk-fetch.js';

describe('sdkFetch (the model SDKs\' fetch)', () => {
  let server: Server;
  let base: string;
  const seen: { method?: string; headers: IncomingMessage['headers']; body: string }[] = [];
  let closedSockets = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        seen.push({ method: req.method, headers: req.headers, body: Buffer.concat(chunks).toString() });
        if (req.url === '/json') {
          res.writeHead(201, [
            ['Content-Type', 'application/json'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
            ['Retry-After', '2'],
          ]);
          res.end(JSON.stringify({ answer: 'Ünïcödé ✓' }));
        } else if (req.url === '/empty') {
          res.writeHead(204).end();
        } else if (req.url === '/moved') {
          res.writeHead(307, { Location: '/json' }).end();
        } else if (req.url === '/hang') {
          req.socket.once('close', () => closedSockets++);
        } else {
          res.writeHead(404).end('missing');
        }
      });
    });
    server.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('sends method, headers and body, and answers a real Response with status, headers and body', async () => {
    const response = await sdkFetch(`${base}/json`, {
      method: 'post',
      headers: new Headers({ 'Content-Type': 'application/json', Authorization: 'Bearer key' }),
      body: JSON.stringify({ q: 'shoes' }),
    });
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.headers.get('retry-after')).toBe('2');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({ answer: 'Ünïcödé ✓' });
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: '{"q":"shoes"}', headers: { authorization: 'Bearer key', 'content-type': 'application/json' } });
  });

  it('gives bodiless statuses no body, error statuses their text, and follows redirects like fetch', async () => {
    const empty = await sdkFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const missing = await sdkFetch(new URL(`${base}/nothing`));
    expect([missing.status, await missing.text()]).toEqual([404, 'missing']);
    const moved = await sdkFetch(`${base}/moved`, { method: 'POST', body: '{}' });
    expect([moved.status, moved.redirected]).toEqual([201, true]);
  });

  it('rejects as an AbortError when its signal fires, and closes the connection', async () => {
    const controller = new AbortController();
    const pending = sdkFetch(`${base}/hang`, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(closedSockets).toBe(1);
  });

  it('leaves what it does not cover (a Request object) to Node\'s fetch', async () => {
    const response = await sdkFetch(new Request(`${base}/json`, { method: 'POST', body: 'x' }));
    expect(response.status).toBe(201);
  });

  it('leaves a call with its own dispatcher to Node\'s fetch, which uses that dispatcher', async () => {
    let dispatched = 0;
    class CountingAgent extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        dispatched++;
        return super.dispatch(options, handler);
      }
    }
    const dispatcher = new CountingAgent();
    try {
      const response = await sdkFetch(`${base}/json`, Object.assign({} as RequestInit, { dispatcher }));
      expect([response.status, dispatched]).toEqual([201, 1]);
    } finally {
      await dispatcher.close();
    }
  });
});
