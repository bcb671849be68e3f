/**
 * The one way the site talks to the services: cookies are always sent, bodies are
 * JSON, and any non-success answer becomes an ApiError whose message is "status: body text".
 */

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The service's own sentence for visitors (the `message` of its JSON error body), if any. */
    readonly serverMessage: string | undefined,
  ) {
    super(message);
  }
}

type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

interface Transport {
  /** Prefix for '/api/...' paths: empty in the browser, the content service's address on the server. */
  baseUrl: string;
  fetch: FetchLike;
}

let transport: Transport = { baseUrl: '', fetch: (input, init) => globalThis.fetch(input, init) };

/** Called once by the web server at start: the same for every request it renders. */
export function configureApiTransport(next: Transport): void {
  transport = next;
}

function serverMessageOf(body: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed) {
      const { message } = parsed;
      if (typeof message === 'string' && message.trim()) return message;
      if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    }
  } catch {
    // Not JSON: the caller falls back to its own text.
  }
  return undefined;
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const body = (await response.text().catch(() => '')).trim();
  throw new ApiError(response.status, `${response.status}: ${body || response.statusText}`, serverMessageOf(body));
}

async function parseJson<T>(response: Response): Promise<T> {
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

export interface GetOptions {
  /** 'returnNull' answers null for a 401 instead of failing (the admin session check reads this way). */
  on401?: 'throw' | 'returnNull';
  signal?: AbortSignal;
}

export async function apiGet<T>(path: string, options: GetOptions & { on401: 'returnNull' }): Promise<T | null>;
export async function apiGet<T>(path: string, options?: GetOptions): Promise<T>;
export async function apiGet<T>(path: string, options: GetOptions = {}): Promise<T | null> {
  const response = await transport.fetch(`${transport.baseUrl}${path}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  if (response.status === 401 && options.on401 === 'returnNull') return null;
  await throwIfNotOk(response);
  return parseJson<T>(response);
}

/** A download as the service sent it (a CSV file, say); any non-success answer becomes an ApiError. */
export async function apiGetFile(path: string): Promise<Response> {
  const response = await transport.fetch(`${transport.baseUrl}${path}`, { credentials: 'include' });
  await throwIfNotOk(response);
  return response;
}

/** One page of an admin list and the number of rows that match in all (its X-Total-Count header). */
export interface ListPage<T> {
  items: T[];
  total: number;
}

export async function apiGetList<T>(path: string, options: GetOptions = {}): Promise<ListPage<T>> {
  const response = await transport.fetch(`${transport.baseUrl}${path}`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal: options.signal,
  });
  await throwIfNotOk(response);
  const items = await parseJson<T[]>(response);
  const total = Number(response.headers.get('X-Total-Count'));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export interface SendOptions {
  /** Extra request headers (the tool pages' progress request id, say). */
  headers?: Record<string, string>;
}

export async function apiSend<T>(method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, options: SendOptions = {}): Promise<T> {
  const response = await transport.fetch(`${transport.baseUrl}${path}`, {
    method,
    credentials: 'include',
    headers: {
      ...options.headers,
      Accept: 'application/json',
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return parseJson<T>(response);
}

/** The sentence to show a visitor for a failed call: the service's own message, else the fallback. */
export function visitorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 400);
}
