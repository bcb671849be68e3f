import type { FetchFailure } from './guarded-http-client.js';

const MAX_SHOWN_URL_CHARS = 120;

export function formatSeconds(ms: number): string {
  const seconds = Number((ms / 1000).toFixed(1));
  return seconds === 1 ? '1 second' : `${seconds} seconds`;
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${Number((bytes / 1_000_000).toFixed(1))} MB`;
  if (bytes >= 1_000) return `${Number((bytes / 1_000).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

/** A URL as shown in a problem line: its path when on the site being read, else the whole address, shortened. */
export function shownUrl(url: URL, site?: URL): string {
  const text = site !== undefined && url.origin === site.origin ? `${url.pathname}${url.search}` : url.href;
  return text.length > MAX_SHOWN_URL_CHARS ? `${text.slice(0, MAX_SHOWN_URL_CHARS)}…` : text;
}

/**
 * A readable sentence for a failed fetch. `subject` names what was fetched, for example "The site",
 * "The page /pricing" or "The sitemap /sitemap.xml". Returns null for a stop the caller reports itself.
 */
export function describeFailure(failure: FetchFailure, subject: string, limits: { timeoutMs: number; maxRedirects: number }): string | null {
  switch (failure.kind) {
    case 'refused-target':
      return failure.isRedirect
        ? `${subject} redirects to ${shownUrl(failure.url)}, which we do not read because ${failure.reason}`
        : `We do not read ${shownUrl(failure.url)} because ${failure.reason}`;
    case 'refused-address':
      return failure.isRedirect
        ? `${subject} redirects to ${failure.url.host}, which resolves to a private or reserved network address, so we did not follow it`
        : `${failure.url.host} resolves to a private or reserved network address, so we did not read it`;
    case 'timeout':
      return `${subject} did not answer within ${formatSeconds(limits.timeoutMs)}`;
    case 'stopped':
      return null;
    case 'name-not-found':
      return `We could not find ${failure.url.hostname}: the name does not resolve`;
    case 'connection-failed':
      return `${subject} could not be reached: the connection failed`;
    case 'tls':
      return `${subject} could not be read securely: its HTTPS certificate or connection is not valid`;
    case 'too-many-redirects':
      return `${subject} redirects more than ${limits.maxRedirects} times, so we stopped following it`;
    case 'bad-redirect':
      return `${subject} redirects to an address that is not valid`;
    case 'http-status':
      return `${subject} answered with status ${failure.status}`;
    case 'wrong-type':
      return `${subject} is not an HTML page (it is ${failure.mediaType === '' ? 'of no stated type' : failure.mediaType}), so we skipped it`;
    case 'bad-encoding':
      return `${subject} uses a compression we cannot read (${failure.encoding})`;
    case 'damaged-body':
      return `${subject} sent compressed data that could not be unpacked`;
    case 'invalid-response':
      return `${subject} did not answer with valid HTTP`;
  }
}
