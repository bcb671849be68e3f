// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureApiTransport } from '../src/api/api-client';
import { siteConfigFromEnv } from './web-config';
import { createWebServer } from './web-server';

/** Every header line of one answer, as the raw wire sends them (duplicates kept). */
function rawHeaders(port: number, path: string): Promise<{ status: number; names: string[] }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path }, (res) => {
        res.resume();
        const names = res.rawHeaders.filter((_, index) => index % 2 === 0).map((name) => name.toLowerCase());
        res.on('end', () => resolve({ status: res.statusCode ?? 0, names }));
      })
      .on('error', reject);
  });
}

describe('the web server', () => {
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    // No content service: every read answers 404, which still renders a page (the not-found one).
    configureApiTransport({
      baseUrl: 'http://content.invalid',
      fetch: () => Promise.resolve(new Response('{"statusCode":404,"message":"Not found"}', { status: 404, headers: { 'Content-Type': 'application/json' } })),
    });
    server = createWebServer({ site: siteConfigFromEnv({}), manifest: { routes: {} }, builtAt: '2026-01-01T00:00:00.000Z' });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it.each(['/', '/no-such-page', '/robots.txt', '/health'])('answers %s with one Content-Type and one Content-Length', async (path) => {
    const { status, names } = await rawHeaders(port, path);
    expect(status).toBeLessThan(500);
    expect(names.filter((name) => name === 'content-type')).toHaveLength(1);
    expect(names.filter((name) => name === 'content-length')).toHaveLength(1);
  });
});
