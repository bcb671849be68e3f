import { readFileSync } from 'node:fs';
import { PRODUCT_NAME } from '@agency/shared';
import { after, before } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from './browser.js';
import { e2eStack, repoRoot } from './e2e-env.js';

export const site = (path: string): string => `${e2eStack.gatewayUrl}${path}`;

/** Seeded starter content (services/content/src/seed/starter-content.ts) the specs rely on. */
export const seeded = {
  newestPost: {
    slug: 'why-ai-assistants-recommend-some-brands-and-ignore-others',
    title: 'Why AI Assistants Recommend Some Brands and Ignore Others',
    category: 'AI Search',
    date: '24 June 2025',
    readTime: '6 min read',
  },
  categories: ['AI Search', 'Amazon', 'eCommerce Strategy'],
  caseStudy: {
    slug: 'which-protein-bars-does-chatgpt-recommend-for-busy-parents',
    title: 'Which Protein Bars Does ChatGPT Recommend for Busy Parents?',
  },
  videoTitles: ['AI Search Audit in Five Minutes', 'What Query Fan-Out Means for Your Content', 'Preparing Amazon Listings for Rufus'],
};

export interface PublicRoute {
  path: string;
  h1: string;
  /** JSON-LD types the page adds to the Organization and WebSite records. */
  jsonLd: string[];
}

/** Every public route of the site with the heading and structured data its HTML must carry. */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/', h1: 'Be the brand AI recommends', jsonLd: [] },
  { path: '/services', h1: 'Win the recommendation, then win the sale', jsonLd: ['BreadcrumbList', 'Service'] },
  { path: '/about', h1: 'The agentic eCommerce agency for consumer brands', jsonLd: ['BreadcrumbList'] },
  { path: '/contact', h1: "Let's talk about your brand", jsonLd: ['BreadcrumbList'] },
  { path: '/blog', h1: 'Insights on AI Search and Amazon', jsonLd: ['BreadcrumbList'] },
  { path: `/blog/${seeded.newestPost.slug}`, h1: seeded.newestPost.title, jsonLd: ['BreadcrumbList', 'Article'] },
  { path: '/ai-search-audit', h1: 'What does AI say about your brand?', jsonLd: ['BreadcrumbList', 'SoftwareApplication'] },
  { path: '/llm-visibility-framework', h1: 'Seven pillars of visibility in AI search', jsonLd: ['BreadcrumbList'] },
  { path: '/llm-visibility-framework-detailed', h1: 'What happens in each pillar, and what you receive', jsonLd: ['BreadcrumbList'] },
  { path: '/query-fan-out', h1: 'See the questions behind your keyword', jsonLd: ['BreadcrumbList', 'SoftwareApplication'] },
  { path: '/ai-image-reader', h1: 'See your product images through AI eyes', jsonLd: ['BreadcrumbList', 'SoftwareApplication'] },
  { path: '/ai-crawler-log-analyzer', h1: 'Which AI crawlers read your site?', jsonLd: ['BreadcrumbList', 'SoftwareApplication'] },
  { path: '/amazon-rufus-radar', h1: 'Amazon Rufus Radar', jsonLd: ['BreadcrumbList', 'SoftwareApplication'] },
  { path: '/search-lab', h1: 'How AI assistants really recommend products', jsonLd: ['BreadcrumbList'] },
  { path: `/search-lab/${seeded.caseStudy.slug}`, h1: seeded.caseStudy.title, jsonLd: ['BreadcrumbList', 'Article'] },
  { path: '/youtube-channel', h1: 'Watch and learn: AI search and Amazon, explained', jsonLd: ['BreadcrumbList'] },
  { path: '/privacy-tos', h1: 'Privacy Policy, Cookies and Terms', jsonLd: ['BreadcrumbList'] },
  { path: '/faq', h1: 'Frequently Asked Questions', jsonLd: ['BreadcrumbList', 'FAQPage'] },
];

export { PRODUCT_NAME };

/** The page as a crawler gets it: one plain HTTP request, no JavaScript. */
export interface RawPage {
  status: number;
  html: string;
  /** The answer's Content-Security-Policy header. */
  csp: string;
  title: string;
  h1: string;
  meta(nameOrProperty: string): string | undefined;
  canonical: string | undefined;
  jsonLd: Record<string, unknown>[];
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#x27;': "'", '&#39;': "'" };
const decode = (text: string): string => text.replace(/&(amp|lt|gt|quot|#x27|#39);/g, (entity) => ENTITIES[entity] ?? entity);
const textOf = (html: string): string => decode(html.replace(/<[^>]+>/g, '')).replace(/\s+/g, ' ').trim();

export async function fetchRaw(path: string): Promise<RawPage> {
  const response = await fetch(site(path), { headers: { 'user-agent': 'GPTBot/1.2 (e2e)' } });
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const metaTags = [...head.matchAll(/<meta\s[^>]*>/g)].map((match) => match[0]);
  return {
    status: response.status,
    html,
    csp: response.headers.get('content-security-policy') ?? '',
    title: textOf(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? ''),
    h1: textOf(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1] ?? ''),
    meta(key) {
      const tag = metaTags.find((candidate) => candidate.includes(`name="${key}"`) || candidate.includes(`property="${key}"`));
      const content = tag ? /content="([^"]*)"/.exec(tag)?.[1] : undefined;
      return content === undefined ? undefined : decode(content);
    },
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    jsonLd: [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
      (match) => JSON.parse(match[1]!) as Record<string, unknown>,
    ),
  };
}

export interface OpenedPage {
  page: Page;
  status: number | undefined;
  /** Uncaught errors and console errors other than failed loads of external resources. */
  errors: string[];
}

export async function newContext(browser: Browser, options: { width?: number; acceptCookies?: boolean } = {}): Promise<BrowserContext> {
  const width = options.width ?? 1366;
  const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 } });
  // Init scripts run in every frame; a sandboxed one (Gemini's Search Suggestions) has no storage.
  if (options.acceptCookies ?? true) {
    await context.addInitScript(() => {
      if (window.top === window) window.localStorage.setItem('cookiesAccepted', 'true');
    });
  }
  context.setDefaultTimeout(15_000);
  return context;
}

/** Opens a page and waits until React has hydrated it. */
export async function openPage(context: BrowserContext, path: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    // The e2e machine has no internet: YouTube thumbnails and the example.com embed cannot load.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  const response = await page.goto(site(path), { waitUntil: 'load' });
  await page.locator('html[data-hydrated="true"]').waitFor();
  return { page, status: response?.status(), errors };
}

export const axeScriptPath = `${repoRoot}node_modules/axe-core/axe.min.js`;

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe-core's serious and critical violations on the page as it is now (minus `exclude` selectors). */
export async function seriousAxeViolations(page: Page, exclude: string[] = []): Promise<string[]> {
  // The page as it settles: colour contrast measured mid-fade (the cookie banner's 0.25 s rise-in)
  // reads a half-transparent button and fails now and then. Endless ones (spinners, shimmer) never finish.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // Evaluated through DevTools: the pages' CSP refuses an inline <script> it does not name by hash.
  await page.evaluate(readFileSync(axeScriptPath, 'utf8'));
  const violations = await page.evaluate(async (excluded) => {
    const axe = (window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: AxeViolation[] }> } }).axe;
    const context = excluded.length > 0 ? { include: [['html']], exclude: excluded.map((selector) => [selector]) } : document;
    const result = await axe.run(context, { resultTypes: ['violations'] });
    return result.violations;
  }, exclude);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.impact} ${violation.id}: ${violation.help} at ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')}`);
}

/** A staff session for admin writes: the session cookie from POST /api/admin/login, as the admin page gets it. */
export async function adminCookie(): Promise<string> {
  const response = await fetch(site('/api/admin/login'), {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: e2eStack.gatewayUrl },
    body: JSON.stringify({ password: e2eStack.adminPassword }),
  });
  if (response.status !== 204) throw new Error(`admin login answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().map((header) => header.split(';')[0]).join('; ');
  if (!cookie) throw new Error('admin login set no cookie');
  return cookie;
}

export async function adminRequest(cookie: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(site(path), {
    method,
    headers: { cookie, origin: e2eStack.gatewayUrl, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** One Chromium and one desktop context for the enclosing `describe`, closed after it. */
export function useSuiteBrowser(): { readonly browser: Browser; readonly context: BrowserContext } {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  before(async () => {
    browser = await launchBrowser();
    context = await newContext(browser);
  });
  after(async () => {
    await context?.close();
    await browser?.close();
  });
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the suite browser is used before its `before` hook ran');
    return value;
  };
  return {
    get browser() {
      return ready(browser);
    },
    get context() {
      return ready(context);
    },
  };
}
