import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { effectivePort, ipLiteralOf, isAddressAllowed, refusalReason, type TargetPolicy } from './address-policy.js';

export interface GuardedHttpClientOptions {
  userAgent: string;
  maxRedirects: number;
  policy: TargetPolicy;
  /** Test-only: answers for these host names instead of DNS (to show the connect-time check). */
  hostAddresses?: Readonly<Record<string, string>>;
}

export interface FetchLimits {
  maxBytes: number;
  timeoutMs: number;
  /** The Accept header sent. */
  acceptHeader: string;
  /** Whether a media type (lower case, no parameters) is worth reading; others are not downloaded. */
  accepts(mediaType: string): boolean;
}

export type FetchFailure =
  | { kind: 'refused-target'; url: URL; reason: string; isRedirect: boolean }
  | { kind: 'refused-address'; url: URL; isRedirect: boolean }
  | { kind: 'timeout'; url: URL }
  | { kind: 'stopped'; url: URL }
  | { kind: 'name-not-found'; url: URL }
  | { kind: 'connection-failed'; url: URL }
  | { kind: 'tls'; url: URL }
  | { kind: 'too-many-redirects'; url: URL }
  | { kind: 'bad-redirect'; url: URL }
  | { kind: 'http-status'; url: URL; status: number }
  | { kind: 'wrong-type'; url: URL; mediaType: string }
  | { kind: 'bad-encoding'; url: URL; encoding: string }
  | { kind: 'damaged-body'; url: URL }
  | { kind: 'invalid-response'; url: URL };

export interface FetchedBody {
  ok: true;
  /** The URL after redirects. */
  url: URL;
  status: number;
  /** The Content-Type header as sent (charset included), lower case. */
  contentType: string;
  /** Decoded bytes, at most maxBytes. */
  body: Buffer;
  /** True when the body was longer than maxBytes and reading stopped there. */
  truncated: boolean;
}

export type FetchResult = FetchedBody | { ok: false; failure: FetchFailure };

type HopOutcome = FetchResult | { ok: 'redirect'; location: string };

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const TIMED_OUT = Symbol('timed out');

class AddressRefusedError extends Error {
  override readonly name = 'AddressRefusedError';
}

/**
 * GETs one URL through request-filtering-agent (which refuses non-public addresses at connect time,
 * DNS answers included), following redirects by hand so that every hop is re-checked, and stopping
 * at the byte and time limits. Never throws: failures come back as values.
 */
export class GuardedHttpClient {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly lookup: LookupFunction;

  constructor(private readonly options: GuardedHttpClientOptions) {
    const agentOptions = { keepAlive: false, allowPrivateIPAddress: options.policy.allowPrivateAddresses };
    this.httpAgent = new RequestFilteringHttpAgent(agentOptions);
    this.httpsAgent = new RequestFilteringHttpsAgent(agentOptions);
    this.lookup = guardedLookup(options.policy, options.hostAddresses);
  }

  async get(url: URL, limits: FetchLimits, signal: AbortSignal): Promise<FetchResult> {
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(TIMED_OUT), limits.timeoutMs);
    const stop = () => local.abort(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    try {
      return await this.follow(url, limits, local.signal);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  /**
   * Where a redirect link leads, from its status and Location alone: a HEAD (a GET when HEAD is
   * refused, its body never read), one hop, the same address checks as `get`. Undefined when the
   * link is refused, fails, or does not redirect.
   */
  async redirectTarget(url: URL, timeoutMs: number, signal: AbortSignal): Promise<URL | undefined> {
    if (refusalReason(url, this.options.policy) !== null) return undefined;
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(TIMED_OUT), timeoutMs);
    const stop = () => local.abort(signal.reason);
    if (signal.aborted) stop();
    else signal.addEventListener('abort', stop, { once: true });
    try {
      let head = await this.headersOnce(url, 'HEAD', local.signal);
      if (head?.status === 405 || head?.status === 501) head = await this.headersOnce(url, 'GET', local.signal);
      if (head === undefined || !REDIRECT_STATUSES.has(head.status) || head.location === undefined) return undefined;
      const target = new URL(head.location, url);
      return target.protocol === 'http:' || target.protocol === 'https:' ? target : undefined;
    } catch {
      return undefined;
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', stop);
    }
  }

  /**
   * POSTs one body to one URL (a webhook) with the same address checks; redirects are not
   * followed (a redirect is the answer). Never throws; the answer's body is not read.
   */
  async post(url: URL, body: string, headers: Record<string, string>, timeoutMs: number): Promise<{ ok: true; status: number } | { ok: false; failure: FetchFailure }> {
    const reason = refusalReason(url, this.options.policy);
    if (reason !== null) return { ok: false, failure: { kind: 'refused-target', url, reason, isRedirect: false } };
    const local = new AbortController();
    const timer = setTimeout(() => local.abort(TIMED_OUT), timeoutMs);
    try {
      return await new Promise((resolve) => {
        const request = this.guardedRequest(url, 'POST', { ...headers, 'content-length': String(Buffer.byteLength(body)) });
        const finish = (answer: { ok: true; status: number } | { ok: false; failure: FetchFailure }) => {
          local.signal.removeEventListener('abort', onAbort);
          request.destroy();
          resolve(answer);
        };
        const onAbort = () => finish({ ok: false, failure: abortFailure(local.signal, url) });
        local.signal.addEventListener('abort', onAbort, { once: true });
        request.on('error', (error) => finish({ ok: false, failure: failureFrom(error, url, local.signal, false) }));
        request.on('response', (response) => {
          response.resume();
          finish({ ok: true, status: response.statusCode ?? 0 });
        });
        request.end(body);
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** A request through the address-checking agents and lookup, naming this crawler; the caller ends it. */
  private guardedRequest(url: URL, method: 'HEAD' | 'GET' | 'POST', headers: Record<string, string>): http.ClientRequest {
    const isHttps = url.protocol === 'https:';
    return (isHttps ? https : http).request({
      protocol: url.protocol,
      hostname: ipLiteralOf(url.hostname) ?? url.hostname,
      port: effectivePort(url),
      path: `${url.pathname}${url.search}`,
      method,
      agent: isHttps ? this.httpsAgent : this.httpAgent,
      lookup: this.lookup,
      headers: { 'user-agent': this.options.userAgent, ...headers },
    });
  }

  /** One request's status and Location; the response is destroyed as soon as its headers arrive. */
  private headersOnce(url: URL, method: 'HEAD' | 'GET', signal: AbortSignal): Promise<{ status: number; location?: string } | undefined> {
    return new Promise((resolve) => {
      if (signal.aborted) return resolve(undefined);
      const request = this.guardedRequest(url, method, { accept: '*/*' });
      const finish = (answer: { status: number; location?: string } | undefined) => {
        signal.removeEventListener('abort', onAbort);
        request.destroy();
        resolve(answer);
      };
      const onAbort = () => finish(undefined);
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', () => finish(undefined));
      request.on('response', (response) => {
        const location = response.headers.location;
        response.destroy();
        finish({ status: response.statusCode ?? 0, ...(location === undefined ? {} : { location }) });
      });
      request.end();
    });
  }

  private async follow(start: URL, limits: FetchLimits, signal: AbortSignal): Promise<FetchResult> {
    let current = start;
    for (let hop = 0; ; hop++) {
      const isRedirect = hop > 0;
      const reason = refusalReason(current, this.options.policy);
      if (reason !== null) return { ok: false, failure: { kind: 'refused-target', url: current, reason, isRedirect } };
      if (signal.aborted) return { ok: false, failure: abortFailure(signal, current) };
      const outcome = await this.requestOnce(current, limits, signal, isRedirect);
      if (outcome.ok !== 'redirect') return outcome;
      if (hop >= this.options.maxRedirects) return { ok: false, failure: { kind: 'too-many-redirects', url: start } };
      try {
        current = new URL(outcome.location, current);
      } catch {
        return { ok: false, failure: { kind: 'bad-redirect', url: current } };
      }
      current.hash = '';
    }
  }

  private requestOnce(url: URL, limits: FetchLimits, signal: AbortSignal, isRedirect: boolean): Promise<HopOutcome> {
    return new Promise((resolve) => {
      const streams: Array<{ destroy(): void }> = [];
      let settled = false;
      const finish = (outcome: HopOutcome) => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        for (const stream of streams) stream.destroy();
        resolve(outcome);
      };
      const fail = (error: unknown) => finish({ ok: false, failure: failureFrom(error, url, signal, isRedirect) });
      const onAbort = () => finish({ ok: false, failure: abortFailure(signal, url) });

      const request = this.guardedRequest(url, 'GET', {
        accept: limits.acceptHeader,
        'accept-encoding': 'gzip, deflate, br',
        'accept-language': 'en-GB,en;q=0.8',
      });
      streams.push(request);
      signal.addEventListener('abort', onAbort, { once: true });
      request.on('error', fail);
      request.on('response', (response) => {
        streams.push(response);
        response.on('error', fail);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location !== undefined) {
          finish({ ok: 'redirect', location });
          return;
        }
        if (status < 200 || status > 299) {
          finish({ ok: false, failure: { kind: 'http-status', url, status } });
          return;
        }
        const contentType = (response.headers['content-type'] ?? '').toLowerCase();
        const mediaType = contentType.split(';')[0]?.trim() ?? '';
        if (!limits.accepts(mediaType)) {
          finish({ ok: false, failure: { kind: 'wrong-type', url, mediaType } });
          return;
        }
        const encoding = (response.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
        const decoder = decoderFor(encoding);
        if (decoder === undefined) {
          finish({ ok: false, failure: { kind: 'bad-encoding', url, encoding } });
          return;
        }

        const chunks: Buffer[] = [];
        let decodedBytes = 0;
        let rawBytes = 0;
        const done = (truncated: boolean) =>
          finish({ ok: true, url, status, contentType, body: Buffer.concat(chunks, decodedBytes), truncated });
        let body: Readable = response;
        if (decoder !== null) {
          // Compressed input that decodes to next to nothing is bounded by the same cap.
          response.on('data', (chunk: Buffer) => {
            rawBytes += chunk.length;
            if (rawBytes > limits.maxBytes) done(true);
          });
          streams.push(decoder);
          decoder.on('error', fail);
          body = response.pipe(decoder);
        }
        body.on('data', (chunk: Buffer) => {
          if (settled) return;
          const room = limits.maxBytes - decodedBytes;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            decodedBytes += room;
            done(true);
            return;
          }
          chunks.push(chunk);
          decodedBytes += chunk.length;
        });
        body.on('end', () => done(false));
      });
      request.end();
    });
  }
}

function decoderFor(encoding: string): (Readable & NodeJS.WritableStream) | null | undefined {
  switch (encoding) {
    case 'identity':
    case '':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      return undefined;
  }
}

/** Resolves like dns.lookup, then refuses any answer outside the policy (the agent re-checks it). */
function guardedLookup(policy: TargetPolicy, hostAddresses?: Readonly<Record<string, string>>): LookupFunction {
  return (hostname, options: LookupOptions, callback) => {
    const answer = (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => {
      if (error !== null) {
        callback(error, '', 0);
        return;
      }
      const first = addresses[0];
      if (first === undefined) {
        callback(Object.assign(new Error(`No address for ${hostname}`), { code: 'ENOTFOUND' }), '', 0);
        return;
      }
      if (addresses.some(({ address }) => !isAddressAllowed(address, policy))) {
        callback(new AddressRefusedError(`${hostname} resolves to an address we do not read`), '', 0);
        return;
      }
      if (options.all === true) callback(null, addresses);
      else callback(null, first.address, first.family);
    };
    const fixed = hostAddresses?.[hostname];
    if (fixed !== undefined) {
      answer(null, [{ address: fixed, family: isIP(fixed) }]);
      return;
    }
    dnsLookup(hostname, { ...options, all: true }, answer);
  };
}

function abortFailure(signal: AbortSignal, url: URL): FetchFailure {
  return signal.reason === TIMED_OUT ? { kind: 'timeout', url } : { kind: 'stopped', url };
}

const TLS_CODES = /^(ERR_TLS_|ERR_SSL_|ERR_OSSL|CERT_|UNABLE_TO_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|HOSTNAME_MISMATCH)/;

function failureFrom(error: unknown, url: URL, signal: AbortSignal, isRedirect: boolean): FetchFailure {
  if (signal.aborted) return abortFailure(signal, url);
  // Read fields rather than test instanceof Error: errors may come from another realm (as under jest).
  const { code: rawCode, message: rawMessage } = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown };
  const code = typeof rawCode === 'string' ? rawCode : '';
  const message = typeof rawMessage === 'string' ? rawMessage : '';
  // request-filtering-agent reports its refusals as plain errors with this wording.
  if (error instanceof AddressRefusedError || /is not allowed\. Because/.test(message)) {
    return { kind: 'refused-address', url, isRedirect };
  }
  if (['ENOTFOUND', 'EAI_AGAIN', 'EAI_NODATA', 'EAI_NONAME', 'EAI_FAIL'].includes(code)) return { kind: 'name-not-found', url };
  if (TLS_CODES.test(code)) return { kind: 'tls', url };
  if (code.startsWith('HPE_')) return { kind: 'invalid-response', url };
  if (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__ZLIB')) {
    return { kind: 'damaged-body', url };
  }
  return { kind: 'connection-failed', url };
}
