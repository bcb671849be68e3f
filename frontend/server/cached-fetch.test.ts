// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { createCachedFetch } from './cached-fetch';

function upstreamAnswering(status: number, body: string) {
  return vi.fn((_input: string, _init?: RequestInit) => Promise.resolve(new Response(body, { status, headers: { 'content-type': 'application/json' } })));
}

describe('createCachedFetch', () => {
  it('reuses an answer within the window and reads again after it', async () => {
    let now = 1_000;
    const upstream = upstreamAnswering(200, '[1]');
    const cachedFetch = createCachedFetch(10_000, upstream, () => now);
    expect(await (await cachedFetch('http://content/api/blog-posts')).text()).toBe('[1]');
    now += 9_999;
    await cachedFetch('http://content/api/blog-posts');
    expect(upstream).toHaveBeenCalledTimes(1);
    now += 2;
    await cachedFetch('http://content/api/blog-posts');
    expect(upstream).toHaveBeenCalledTimes(2);
  });

  it('keeps an answer no later than the next scheduled publication it names', async () => {
    let now = Date.parse('2030-01-01T09:00:00Z');
    const upstream = vi.fn((_input: string, _init?: RequestInit) =>
      Promise.resolve(new Response('[]', { status: 200, headers: { 'content-type': 'application/json', 'x-next-publication': '2030-01-01T09:00:03.000Z' } })),
    );
    const cachedFetch = createCachedFetch(10_000, upstream, () => now);
    await cachedFetch('http://content/api/blog-posts');
    now += 2_999;
    await cachedFetch('http://content/api/blog-posts');
    expect(upstream).toHaveBeenCalledTimes(1);
    now += 1;
    await cachedFetch('http://content/api/blog-posts');
    expect(upstream).toHaveBeenCalledTimes(2);
  });

  it('shares one upstream read between concurrent requests for a URL', async () => {
    const upstream = upstreamAnswering(200, '{}');
    const cachedFetch = createCachedFetch(10_000, upstream);
    await Promise.all([cachedFetch('http://content/a'), cachedFetch('http://content/a'), cachedFetch('http://content/b')]);
    expect(upstream).toHaveBeenCalledTimes(2);
  });

  it('keeps not-found answers but never server errors', async () => {
    const missing = upstreamAnswering(404, '{"statusCode":404}');
    const cachedMissing = createCachedFetch(10_000, missing);
    expect((await cachedMissing('http://content/x')).status).toBe(404);
    await cachedMissing('http://content/x');
    expect(missing).toHaveBeenCalledTimes(1);

    const failing = upstreamAnswering(503, 'down');
    const cachedFailing = createCachedFetch(10_000, failing);
    expect((await cachedFailing('http://content/y')).status).toBe(503);
    await cachedFailing('http://content/y');
    expect(failing).toHaveBeenCalledTimes(2);
  });

  it('passes writes straight through', async () => {
    const upstream = upstreamAnswering(201, '{}');
    const cachedFetch = createCachedFetch(10_000, upstream);
    await cachedFetch('http://content/api/contact', { method: 'POST' });
    await cachedFetch('http://content/api/contact', { method: 'POST' });
    expect(upstream).toHaveBeenCalledTimes(2);
  });
});
