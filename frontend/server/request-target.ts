/**
 * No page's address comes near this; a longer one is refused rather than rendered or echoed.
 * It also bounds a redirect's Location: nginx reads the web server's answer headers into one
 * 4 KB buffer (proxy_buffer_size), beside a ~500-byte CSP, and fails the request when they overflow it.
 */
export const MAX_ADDRESS_LENGTH = 2048;

export type RequestTarget =
  /** Render or serve `path` (raw, percent-escapes kept); `target` is the whole address as sent. */
  | { kind: 'page'; target: string; path: string }
  /** The canonical spelling of the address: empty segments collapsed, no trailing slash. */
  | { kind: 'redirect'; location: string }
  | { kind: 'too-long' }
  /** Not a path (absolute-form or `*`): the gateway never sends these. */
  | { kind: 'unreadable' };

const utf8 = new TextEncoder();

/** Characters a Location must not carry as they are: controls, spaces and anything past ASCII. */
function escapeForHeader(text: string): string {
  return text.replace(/[^\x21-\x7e]/gu, (char) =>
    Array.from(utf8.encode(char), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''),
  );
}

/**
 * Reads the request target as a path, not as a URL reference: resolved against a base URL,
 * `//host/blog` names a host and `//` is no URL at all. An
 * address with empty segments or a trailing slash is redirected to its collapsed spelling, which
 * always starts with a single slash and so stays on this site. Backslashes count as slashes, as
 * browsers read them.
 */
export function readRequestTarget(target: string): RequestTarget {
  if (!target.startsWith('/')) return { kind: 'unreadable' };
  const pathEnd = target.search(/[?#]/);
  const path = pathEnd < 0 ? target : target.slice(0, pathEnd);
  if (path.length > MAX_ADDRESS_LENGTH) return { kind: 'too-long' };
  const canonical = path.replace(/[/\\]+/g, '/').replace(/(.)\/$/, '$1');
  if (canonical === path) return { kind: 'page', target, path };
  const location = escapeForHeader(canonical + (pathEnd < 0 ? '' : target.slice(pathEnd)));
  return location.length > MAX_ADDRESS_LENGTH ? { kind: 'too-long' } : { kind: 'redirect', location };
}
