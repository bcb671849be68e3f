import type { Manifest } from '@tanstack/react-router';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { SiteConfig } from '../src/config/site-config';
import { newCspNonce, pageContentSecurityPolicy } from './content-security-policy';
import { loadDiscoveryContent } from './discovery/discovery-content';
import { renderLlmsTxt } from './discovery/llms-txt';
import { renderRobotsTxt } from './discovery/robots-txt';
import { renderRssXml } from './discovery/rss-xml';
import { renderSitemapXml } from './discovery/sitemap-xml';
import { renderPage } from './render-page';
import { MAX_ADDRESS_LENGTH, readRequestTarget } from './request-target';

export interface WebServerDeps {
  site: SiteConfig;
  manifest: Manifest;
  /** When this build was made: the lastmod of pages whose text ships with the build. */
  builtAt: string;
}

interface TextAnswer {
  status: number;
  contentType: string;
  body: string;
}

/** Discovery files: generated per request from live content (through the renderer's short cache). */
const DISCOVERY_FILES: Record<string, (deps: WebServerDeps) => Promise<TextAnswer>> = {
  '/robots.txt': ({ site }) => Promise.resolve({ status: 200, contentType: 'text/plain; charset=utf-8', body: renderRobotsTxt(site) }),
  '/sitemap.xml': async ({ site, builtAt }) => ({
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    body: renderSitemapXml(site, await loadDiscoveryContent(), builtAt),
  }),
  '/llms.txt': async ({ site }) => ({
    status: 200,
    contentType: 'text/plain; charset=utf-8',
    body: renderLlmsTxt(site, await loadDiscoveryContent()),
  }),
  '/rss.xml': async ({ site, builtAt }) => ({
    status: 200,
    contentType: 'application/rss+xml; charset=utf-8',
    body: renderRssXml(site, await loadDiscoveryContent(), builtAt),
  }),
};

/**
 * A staff preview (`?preview=1` on a post or case study, docs/architecture.md): its content loads in
 * the browser with the admin session, and the page itself is kept by no cache and indexed by no engine.
 */
const PREVIEW_HEADERS = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow' };

export function isPreviewRequest(target: string): boolean {
  const query = target.indexOf('?');
  return query !== -1 && new URLSearchParams(target.slice(query + 1)).has('preview');
}

function send(req: IncomingMessage, res: ServerResponse, answer: TextAnswer, extraHeaders: Record<string, string> = {}): void {
  res.writeHead(answer.status, { 'Content-Type': answer.contentType, 'Content-Length': Buffer.byteLength(answer.body), ...extraHeaders });
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

function errorHtml(title: string, sentence: string): string {
  return (
    `<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${title}</title></head>` +
    `<body><h1>${title}</h1><p>${sentence}</p></body></html>`
  );
}

const UNAVAILABLE_HTML = errorHtml('Temporarily unavailable', 'Please try again in a moment.');
const TOO_LONG: TextAnswer = { status: 414, contentType: 'text/html; charset=utf-8', body: errorHtml('Address too long', 'No page has an address this long.') };
const UNREADABLE: TextAnswer = { status: 400, contentType: 'text/plain; charset=utf-8', body: 'Bad Request' };

/** `target` is a path that starts with one slash (readRequestTarget), so it cannot name another host. */
function toFetchRequest(req: IncomingMessage, target: string, site: SiteConfig, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) headers.set(name, value.join(', '));
  }
  // The public origin, not the internal address the gateway connected to.
  return new Request(new URL(target, site.siteUrl), { method: req.method, headers, signal });
}

async function handle(req: IncomingMessage, res: ServerResponse, deps: WebServerDeps): Promise<void> {
  const target = readRequestTarget(req.url ?? '/');

  if (target.kind === 'page' && target.path === '/health') {
    send(req, res, { status: 200, contentType: 'application/json', body: '{"status":"ok"}' });
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    send(req, res, { status: 405, contentType: 'text/plain; charset=utf-8', body: 'Method Not Allowed' }, { Allow: 'GET, HEAD' });
    return;
  }
  if (target.kind === 'unreadable') {
    send(req, res, UNREADABLE);
    return;
  }
  if (target.kind === 'too-long') {
    send(req, res, TOO_LONG);
    return;
  }
  if (target.kind === 'redirect') {
    send(req, res, { status: 301, contentType: 'text/html; charset=utf-8', body: '' }, { Location: target.location });
    return;
  }

  const discovery = DISCOVERY_FILES[target.path];
  if (discovery) {
    try {
      send(req, res, await discovery(deps));
    } catch (error) {
      console.error(`[web] ${target.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      send(req, res, { status: 503, contentType: 'text/plain; charset=utf-8', body: 'Temporarily unavailable.' }, { 'Retry-After': '30' });
    }
    return;
  }

  const aborted = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) aborted.abort();
  });
  const nonce = newCspNonce();
  const response = await renderPage(toFetchRequest(req, target.target, deps.site, aborted.signal), deps.site, deps.manifest, nonce);
  const body = await response.text();
  // A router redirect repeats the address; one too long for the gateway's header buffer is refused.
  if ((response.headers.get('location')?.length ?? 0) > MAX_ADDRESS_LENGTH) {
    send(req, res, TOO_LONG);
    return;
  }
  const headers: Record<string, string> = { 'Content-Security-Policy': pageContentSecurityPolicy(deps.site, nonce) };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (isPreviewRequest(target.target)) Object.assign(headers, PREVIEW_HEADERS);
  if (response.status >= 500) {
    send(req, res, { status: response.status, contentType: 'text/html; charset=utf-8', body: UNAVAILABLE_HTML });
    return;
  }
  send(req, res, { status: response.status, contentType: headers['content-type'] ?? 'text/html; charset=utf-8', body }, headers);
}

export function createWebServer(deps: WebServerDeps): http.Server {
  return http.createServer((req, res) => {
    handle(req, res, deps).catch((error: unknown) => {
      if (res.destroyed) return;
      console.error(`[web] ${req.method} ${req.url} failed:`, error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
      send(req, res, { status: 500, contentType: 'text/html; charset=utf-8', body: UNAVAILABLE_HTML });
    });
  });
}
