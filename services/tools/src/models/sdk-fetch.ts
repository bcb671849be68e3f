import { Agent, request } from 'undici';

/**
 * The `fetch` the model SDKs are given (their `fetch` option): the same HTTP client as Node's
 * own fetch (undici), through its plain request API. Node's fetch streams every answer through
 * WHATWG streams, which cost a worker about a third of its CPU per audit (make bench, audit path,
 * CPU profile); the answers are small JSON documents, read whole here. What the SDKs rely on is
 * kept: status, headers, the abort signal, and a real Response. Anything this does not cover
 * (a Request object, a streamed or form body, a redirect) goes to Node's fetch as before.
 */
const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: 512 });
/** Node's own fetch, for what sdkFetch does not cover. */
const nodeFetch = globalThis.fetch;

/** Statuses whose Response must have no body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export async function sdkFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body ?? undefined;
  // A caller's own dispatcher (undici's fetch option: a proxy, an address filter) is never replaced by this one.
  if (input instanceof Request || 'dispatcher' in init || !(body === undefined || typeof body === 'string' || body instanceof Uint8Array)) {
    return nodeFetch(input, init);
  }
  const headers: Record<string, string> = {};
  new Headers(init.headers).forEach((value, name) => (headers[name] = value));
  const answer = await request(input, {
    method: (init.method ?? 'GET').toUpperCase(),
    headers,
    body,
    signal: init.signal ?? undefined,
    dispatcher,
  });
  if (REDIRECT_STATUSES.has(answer.statusCode) && init.redirect !== 'manual') {
    await answer.body.dump();
    return nodeFetch(input, init);
  }
  const bytes = await answer.body.bytes();
  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (Array.isArray(value)) for (const each of value) responseHeaders.append(name, each);
    else if (value !== undefined) responseHeaders.set(name, value);
  }
  return new Response(NULL_BODY_STATUSES.has(answer.statusCode) ? null : bytes, { status: answer.statusCode, headers: responseHeaders });
}
