/**
 * A short-lived cache in front of the content service for the renderer: a burst of page views
 * costs one content read per URL per window, and an admin edit shows once the window passes.
 * Only successful and not-found answers are kept; concurrent reads of one URL share one request.
 * An answer naming the next scheduled publication (X-Next-Publication) is kept no later than that
 * moment, so a scheduled post appears on time whatever the window (docs/architecture.md).
 */

interface CachedAnswer {
  status: number;
  statusText: string;
  contentType: string | null;
  body: string;
  expiresAt: number;
}

const MAX_ENTRIES = 500;
export const NEXT_PUBLICATION_HEADER = 'x-next-publication';
const UPSTREAM_TIMEOUT_MS = 10_000;

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

function toResponse(answer: CachedAnswer): Response {
  return new Response(answer.body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.contentType ? { 'content-type': answer.contentType } : {},
  });
}

export function createCachedFetch(ttlMs: number, upstream: FetchLike = (input, init) => fetch(input, init), now = () => Date.now()): FetchLike {
  const cache = new Map<string, CachedAnswer>();
  const inFlight = new Map<string, Promise<CachedAnswer>>();

  const read = async (url: string): Promise<CachedAnswer> => {
    const response = await upstream(url, { headers: { Accept: 'application/json' }, signal: AbortSignal.timeout(UPSTREAM_TIMEOUT_MS) });
    const nextPublication = Date.parse(response.headers.get(NEXT_PUBLICATION_HEADER) ?? '');
    const answer: CachedAnswer = {
      status: response.status,
      statusText: response.statusText,
      contentType: response.headers.get('content-type'),
      body: await response.text(),
      expiresAt: Number.isNaN(nextPublication) ? now() + ttlMs : Math.min(now() + ttlMs, nextPublication),
    };
    if (response.status === 200 || response.status === 404) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(url, answer);
    }
    return answer;
  };

  return async (input, init) => {
    if ((init?.method ?? 'GET') !== 'GET' || ttlMs === 0) return upstream(input, init);
    const hit = cache.get(input);
    if (hit && hit.expiresAt > now()) return toResponse(hit);
    cache.delete(input);
    let pending = inFlight.get(input);
    if (!pending) {
      pending = read(input).finally(() => inFlight.delete(input));
      inFlight.set(input, pending);
    }
    return toResponse(await pending);
  };
}
