import { AUDIT_REPORT_API_PATH, AUDIT_REPORT_PATH, type BlogPost, type SearchLabEntry } from '@agency/shared';
import type { Manifest } from '@tanstack/react-router';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { ApiError, apiGet, apiGetFile } from '../src/api/api-client';
import type { SiteConfig } from '../src/config/site-config';
import { entityTag, isNotModified, steadyLoadTimes } from './cacheable-page';
import { inlineScriptHashes, pageContentSecurityPolicy } from './content-security-policy';
import { loadDiscoveryContent } from './discovery/discovery-content';
import { renderLlmsTxt } from './discovery/llms-txt';
import { renderRobotsTxt } from './discovery/robots-txt';
import { renderRssXml } from './discovery/rss-xml';
import { renderSitemapXml } from './discovery/sitemap-xml';
import { renderPage } from './render-page';
import { MAX_ADDRESS_LENGTH, readRequestTarget } from './request-target';
import { sendMetrics, startWebMetrics, timeRequest } from './web-metrics';
import { socialImagePng } from './social-image';

const SOCIAL_IMAGE_PATH = /^\/social-images\/(blog|search-lab)\/([^/]+)\.png$/;
/** The report page's address with ".csv": the same CSV the tools API serves for that report. */
const AUDIT_REPORT_CSV_PATH = new RegExp(`^${AUDIT_REPORT_PATH}/([A-Za-z0-9_-]{22})\\.csv$`);
const NOT_FOUND_TEXT: TextAnswer = { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not Found' };

/** A published post's or case study's social image (src/seo/social-image.ts); 404 for anything else. */
async function socialImage(kind: string, encodedSlug: string, site: SiteConfig): Promise<TextAnswer> {
  let slug: string;
  try {
    slug = decodeURIComponent(encodedSlug);
  } catch {
    return NOT_FOUND_TEXT;
  }
  const path = `/api/${kind === 'blog' ? 'blog-posts' : 'search-lab-entries'}/${encodeURIComponent(slug)}`;
  try {
    const item = await apiGet<BlogPost | SearchLabEntry>(path);
    // Only the address by slug: the API also answers an id, which would make a second address.
    if (item.slug !== slug) return NOT_FOUND_TEXT;
    const category = 'category' in item ? item.category : 'LLM Search Lab';
    return { status: 200, contentType: 'image/png', body: await socialImagePng(item.title, category, site.brandName) };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return NOT_FOUND_TEXT;
    throw error;
  }
}

/** A stored report's CSV with the API's download headers; 404 when the report is unknown or expired. */
async function auditReportCsv(reportId: string): Promise<{ answer: TextAnswer; headers: Record<string, string> }> {
  try {
    const response = await apiGetFile(`${AUDIT_REPORT_API_PATH}/${reportId}.csv`);
    const headers: Record<string, string> = { 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' };
    const disposition = response.headers.get('content-disposition');
    if (disposition) headers['Content-Disposition'] = disposition;
    const body = Buffer.from(await response.arrayBuffer());
    return { answer: { status: 200, contentType: response.headers.get('content-type') ?? 'text/csv; charset=utf-8', body }, headers };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return { answer: NOT_FOUND_TEXT, headers: { 'Cache-Control': 'no-store' } };
    throw error;
  }
}

export interface WebServerDeps {
  site: SiteConfig;
  manifest: Manifest;
  /** When this build was made: the lastmod of pages whose text ships with the build. */
  builtAt: string;
}

interface TextAnswer {
  status: number;
  contentType: string;
  body: string | Buffer;
}

/** Discovery files: generated per request from live content (through the renderer's short cache). */
const DISCOVERY_FILES: Record<string, (deps: WebServerDeps) => Promise<TextAnswer>> = {
  '/robots.txt': ({ site }) => Promise.resolve({ status: 200, contentType: 'text/plain; charset=utf-8', body: renderRobotsTxt(site) }),
  '/sitemap.xml': async ({ site }) => ({
    status: 200,
    contentType: 'application/xml; charset=utf-8',
    body: renderSitemapXml(site, await loadDiscoveryContent()),
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

/** Headers the answer itself sets: a copy of the renderer's own (any spelling) would send each twice. */
const ANSWER_HEADERS = new Set(['content-type', 'content-length']);

function send(req: IncomingMessage, res: ServerResponse, answer: TextAnswer, extraHeaders: Record<string, string> = {}): void {
  const headers: Record<string, string | number> = { 'Content-Type': answer.contentType, 'Content-Length': Buffer.byteLength(answer.body) };
  for (const [name, value] of Object.entries(extraHeaders)) if (!ANSWER_HEADERS.has(name.toLowerCase())) headers[name] = value;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' ? undefined : answer.body);
}

/**
 * A successful answer with its ETag, or 304 with no body when the client (or the gateway's
 * micro-cache revalidating) already holds these bytes. The 304 repeats the ETag and the page's
 * policy, which belong to those same bytes.
 */
function sendWithValidator(req: IncomingMessage, res: ServerResponse, answer: TextAnswer, extraHeaders: Record<string, string> = {}): void {
  if (answer.status !== 200) {
    send(req, res, answer, extraHeaders);
    return;
  }
  const etag = entityTag(answer.body);
  if (isNotModified(req.headers['if-none-match'], etag)) {
    res.writeHead(304, { ...extraHeaders, ETag: etag });
    res.end();
    return;
  }
  send(req, res, answer, { ...extraHeaders, ETag: etag });
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
    // Permanent, and the method is kept.
    send(req, res, { status: 308, contentType: 'text/html; charset=utf-8', body: '' }, { Location: target.location });
    return;
  }

  const discovery = DISCOVERY_FILES[target.path];
  if (discovery) {
    try {
      sendWithValidator(req, res, await discovery(deps));
    } catch (error) {
      console.error(`[web] ${target.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      send(req, res, { status: 503, contentType: 'text/plain; charset=utf-8', body: 'Temporarily unavailable.' }, { 'Retry-After': '30' });
    }
    return;
  }

  const socialImageMatch = SOCIAL_IMAGE_PATH.exec(target.path);
  if (socialImageMatch) {
    try {
      sendWithValidator(req, res, await socialImage(socialImageMatch[1]!, socialImageMatch[2]!, deps.site));
    } catch (error) {
      console.error(`[web] ${target.path} failed: ${error instanceof Error ? error.message : String(error)}`);
      send(req, res, { status: 503, contentType: 'text/plain; charset=utf-8', body: 'Temporarily unavailable.' }, { 'Retry-After': '30' });
    }
    return;
  }

  const reportCsv = AUDIT_REPORT_CSV_PATH.exec(target.path);
  if (reportCsv) {
    try {
      const { answer, headers } = await auditReportCsv(reportCsv[1]!);
      send(req, res, answer, headers);
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
  const response = await renderPage(toFetchRequest(req, target.target, deps.site, aborted.signal), deps.site, deps.manifest);
  const body = steadyLoadTimes(await response.text());
  // A router redirect repeats the address; one too long for the gateway's header buffer is refused.
  if ((response.headers.get('location')?.length ?? 0) > MAX_ADDRESS_LENGTH) {
    send(req, res, TOO_LONG);
    return;
  }
  const headers: Record<string, string> = { 'Content-Security-Policy': pageContentSecurityPolicy(deps.site, inlineScriptHashes(body)) };
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (isPreviewRequest(target.target)) Object.assign(headers, PREVIEW_HEADERS);
  if (response.status >= 500) {
    send(req, res, { status: response.status, contentType: 'text/html; charset=utf-8', body: UNAVAILABLE_HTML });
    return;
  }
  sendWithValidator(req, res, { status: response.status, contentType: headers['content-type'] ?? 'text/html; charset=utf-8', body }, headers);
}

export function createWebServer(deps: WebServerDeps): http.Server {
  startWebMetrics();
  return http.createServer((req, res) => {
    // Prometheus, on this process's own port only: the gateway answers /metrics 404 itself.
    if (req.url === '/metrics' && req.method === 'GET') {
      void sendMetrics(res);
      return;
    }
    timeRequest(req, res);
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
