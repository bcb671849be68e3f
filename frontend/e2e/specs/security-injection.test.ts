import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';
import { newWatchedContext, openWatchedPage, securityEvents } from '../support/security-watch.js';
import { adminCookie, adminRequest, fetchRaw, site } from '../support/site.js';

/*
 * Stored XSS: hostile text in every admin text field and in the blog's light markup, created
 * through the admin API, then the public pages (and the admin panel) opened in Chromium through
 * the gateway. Nothing may run, no javascript:/data:/vbscript: link may render, HTML shows as text,
 * and structured data and meta tags stay intact. Model text on the tool pages renders as text too.
 */

const SCRIPT = '<script>window.xssRan=1</script>';
const HANDLERS = '<img src=x onerror="window.xssRan=2"><svg onload="window.xssRan=3">';
const QUOTES = `"'><script>window.xssRan=4</script>`;
const BREAKOUT = '</script><script>window.xssRan=5</script>';
const CDATA = ']]><x>';

const MARKUP = [
  `Plain HTML: ${SCRIPT} ${HANDLERS}`,
  '[javascript link](javascript:window.xssRan=6)',
  '[mixed-case scheme](JaVaScRiPt:window.xssRan=7)',
  '[data link](data:text/html,<script>window.xssRan=8</script>)',
  '[vbscript link](vbscript:msgbox(1))',
  '[protocol-relative](//evil.example/x)',
  '[backslash host](/\\evil.example/x)',
  '[quote breaking](https://example.com/a" onmouseover="window.xssRan=9)',
  '**[nested [inner](javascript:window.xssRan=10) link](https://example.com/outer)**',
  '*__**deeply *nested* markers**__*',
  '[safe link](https://example.com/safe)',
].join('\n');

const run = Date.now().toString(36);
const created: Array<{ path: string; id: number }> = [];
let categoryName = '';
let postSlug = '';
let caseStudySlug = '';
let videoTitle = '';

async function create(path: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await adminRequest(await cookieOnce(), 'POST', path, body);
  const text = await response.text();
  assert.equal(response.status, 201, `${path}: ${text}`);
  const record = JSON.parse(text) as Record<string, unknown>;
  created.push({ path, id: Number(record.id) });
  return record;
}

let cachedCookie: string | undefined;
async function cookieOnce(): Promise<string> {
  return (cachedCookie ??= await adminCookie());
}

/**
 * Tries a body with a hostile address first: refused as bad input (400) is fine, and then the
 * record is made with the plain address instead; stored (201) means the page must render it inert.
 */
async function createTryingHostile(path: string, body: Record<string, unknown>, plain: Record<string, unknown>): Promise<Record<string, unknown>> {
  const response = await adminRequest(await cookieOnce(), 'POST', path, body);
  const text = await response.text();
  assert.ok(response.status === 201 || response.status === 400, `${path}: ${response.status} ${text}`);
  if (response.status === 400) return create(path, { ...body, ...plain });
  const record = JSON.parse(text) as Record<string, unknown>;
  created.push({ path, id: Number(record.id) });
  return record;
}

/** The web renderer caches content answers for a few seconds: wait until a page shows (or stops showing) something. */
async function waitForPage(path: string, present: boolean, marker: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const html = await (await fetch(site(path))).text();
    if (html.includes(marker) === present) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${path} did not ${present ? 'show' : 'drop'} ${marker} within 20 s`);
}

/** What a page's DOM must never hold after hostile content was rendered into it. */
async function domProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const flags = window as unknown as Record<string, unknown>;
    if (flags.xssRan !== undefined) problems.push(`window.xssRan = ${JSON.stringify(flags.xssRan)}`);
    for (const element of document.querySelectorAll('[href], [src], [action], [formaction]')) {
      for (const name of ['href', 'src', 'action', 'formaction']) {
        const value = element.getAttribute(name);
        if (value !== null && /^\s*(javascript|data|vbscript):/i.test(value.replace(/\p{Cc}/gu, '')) && !(element.tagName === 'IMG' && /^data:image\//.test(value))) {
          problems.push(`<${element.tagName.toLowerCase()} ${name}="${value.slice(0, 60)}">`);
        }
      }
    }
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (/^on/i.test(attribute.name)) problems.push(`<${element.tagName.toLowerCase()} ${attribute.name}>`);
      }
    }
    for (const script of document.querySelectorAll('script')) {
      if (script.textContent?.includes('window.xssRan') && script.type !== 'application/ld+json') problems.push('a script element holds the payload');
    }
    for (const image of document.querySelectorAll('img')) {
      if (image.getAttribute('src') === 'x') problems.push('an injected <img src=x>');
    }
    if (document.querySelector('svg[onload], x')) problems.push('an injected element');
    return problems;
  });
}

async function assertInert(page: Page, where: string): Promise<void> {
  await page.waitForTimeout(300);
  assert.deepEqual(await domProblems(page), [], where);
  assert.deepEqual(await securityEvents(page), { violations: [], cspConsole: [], dialogs: [] }, where);
}

/** The crawler's view: no tag the payload could have opened, every JSON-LD block intact, meta tags whole. */
async function assertRawHtmlInert(path: string): Promise<void> {
  const raw = await fetchRaw(path);
  assert.equal(raw.status, 200, path);
  // The router's own inline scripts are named by hash in the answer's policy; no other may appear.
  const allowed = new Set((/script-src ([^;]*)/.exec(raw.csp)?.[1] ?? '').split(' '));
  for (const [, text = ''] of raw.html.matchAll(/<script>([\s\S]*?)<\/script>/gi)) {
    assert.ok(allowed.has(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`), `${path}: a bare <script> the policy does not name: ${text.slice(0, 80)}`);
  }
  assert.doesNotMatch(raw.html, /<(img|svg)[^>]*\s(onerror|onload)=/i, `${path}: an event handler attribute`);
  assert.doesNotMatch(raw.html, /<x>/, path);
  assert.ok(raw.jsonLd.length >= 2, `${path}: JSON-LD blocks parse`);
}

void describe('stored XSS through every admin text field', () => {
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    categoryName = `Cat ${run} <img src=x onerror=window.xssRan=11>"'`;
    await create('/api/admin/categories', { name: categoryName, description: `Category ${HANDLERS} ${QUOTES}` });

    const post = await create('/api/admin/blog-posts', {
      title: `Post ${run} ${SCRIPT} ${BREAKOUT} ${CDATA} [x](javascript:alert(1))`,
      excerpt: `Excerpt ${QUOTES} ${HANDLERS} ${BREAKOUT}`,
      content: MARKUP,
      category: categoryName,
      image: null,
      readTime: 3,
      published: true,
      datePosted: new Date().toISOString(),
    });
    postSlug = String(post.slug);
    // A hostile image address: refused by the URL rule, or stored and rendered as a mere src.
    await adminRequest(await cookieOnce(), 'PUT', `/api/admin/blog-posts/${String(post.id)}`, {
      title: post.title,
      excerpt: post.excerpt,
      content: MARKUP,
      category: categoryName,
      image: 'https://images.example/a.png?q="><script>window.xssRan=12</script>',
      readTime: 3,
      published: true,
      datePosted: post.datePosted,
    }).then((response) => assert.ok(response.status === 200 || response.status === 400, `image URL: ${response.status}`));

    for (const chatgptLink of ['javascript:window.xssRan=13', 'data:text/html,<script>alert(1)</script>', ' javascript:alert(1)']) {
      const response = await adminRequest(await cookieOnce(), 'POST', '/api/admin/search-lab-entries', { title: 'x', summary: 'x', chatgptLink });
      assert.equal(response.status, 400, `chatgptLink ${chatgptLink}`);
    }
    const entry = await createTryingHostile(
      '/api/admin/search-lab-entries',
      {
        title: `Case ${run} ${SCRIPT} ${BREAKOUT}`,
        summary: `Summary ${HANDLERS} ${QUOTES}`,
        chatgptLink: 'https://chatgpt.com/share/x?q="><svg onload=window.xssRan=14>',
        published: true,
        displayOrder: 999,
      },
      { chatgptLink: 'https://chatgpt.com/share/x' },
    );
    caseStudySlug = String(entry.slug);

    videoTitle = `Video ${run} ${SCRIPT}`;
    const video = await createTryingHostile(
      '/api/admin/youtube-videos',
      {
        title: videoTitle,
        description: `Description ${HANDLERS} ${QUOTES}`,
        youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&x="><script>window.xssRan=15</script>',
        published: true,
        displayOrder: 0,
      },
      { youtubeUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' },
    );
    assert.equal(video.youtubeId, 'dQw4w9WgXcQ');

    const contact = await fetch(site('/api/contact'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Name ${SCRIPT}`, email: `xss-${run}@example.com`, company: QUOTES, message: `${MARKUP}\n${BREAKOUT}` }),
    });
    assert.equal(contact.status, 201);

    await waitForPage('/blog', true, run);
    await waitForPage('/search-lab', true, run);
    await waitForPage('/youtube-channel', true, run);

    browser = await launchBrowser();
    context = await newWatchedContext(browser);
    await context.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<p>player</p>' }));
    await context.route(/^https:\/\/(i\.ytimg\.com|images\.example)\//, (route) => route.fulfill({ status: 404, body: '' }));
  });

  after(async () => {
    await context?.close();
    await browser?.close();
    const cookie = await cookieOnce();
    for (const { path, id } of created.reverse()) await adminRequest(cookie, 'DELETE', `${path}/${id}`);
    // Later specs count posts and entries: wait until the renderer's cache has let go of these.
    await waitForPage('/blog', false, run);
    await waitForPage('/', false, run);
    await waitForPage('/search-lab', false, run);
    await waitForPage('/youtube-channel', false, run);
  });

  void test('the crawler’s HTML has no executable payload, intact JSON-LD and whole meta tags', async () => {
    for (const path of ['/', '/blog', `/blog/${postSlug}`, '/search-lab', `/search-lab/${caseStudySlug}`, '/youtube-channel']) await assertRawHtmlInert(path);
    const post = await fetchRaw(`/blog/${postSlug}`);
    const article = post.jsonLd.find((record) => record['@type'] === 'Article');
    assert.ok(String(article?.headline).includes(BREAKOUT), 'the headline keeps the breakout attempt as data');
    assert.match(post.meta('description') ?? '', /^Excerpt "'><script>window\.xssRan=4<\/script>/);
    assert.match(post.meta('og:title') ?? '', new RegExp(`^Post ${run} <script>`));
    assert.match(post.title, new RegExp(`^Post ${run} <script>window\\.xssRan=1</script>`));
  });

  void test('the discovery files escape the payload', async () => {
    for (const path of ['/rss.xml', '/sitemap.xml']) {
      const body = await (await fetch(site(path))).text();
      assert.doesNotMatch(body, /<script>|<img src=x|<x>/, path);
    }
    assert.ok((await (await fetch(site('/rss.xml'))).text()).includes(run), 'the post is in the feed');
    // llms.txt is Markdown served as text/plain: tags are inert there, brackets must not form links.
    const llms = await fetch(site('/llms.txt'));
    assert.match(llms.headers.get('content-type') ?? '', /^text\/plain/);
    assert.equal(llms.headers.get('x-content-type-options'), 'nosniff');
    const line = (await llms.text()).split('\n').find((candidate) => candidate.includes(run)) ?? '';
    assert.ok(line.includes('\\[x\\](javascript:alert(1))'), line);
    assert.doesNotMatch(line, /(?<!\\)\]\((?!https?:\/\/127\.0\.0\.1:\d+\/blog\/)/, line);
  });

  void test('the blog post page shows the HTML as text and renders only the safe link', async () => {
    const { page } = await openWatchedPage(context, site(`/blog/${postSlug}`));
    await assertInert(page, 'blog post');
    const body = await page.locator('main').innerText();
    assert.ok(body.includes(SCRIPT), 'the <script> text is shown as text');
    assert.ok(body.includes('<img src=x onerror="window.xssRan=2">'), 'the <img> text is shown as text');
    const links = await page.locator('main article a').evaluateAll((anchors) => anchors.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })));
    const markupLinks = links.filter((link) => /link|scheme|relative|host|breaking|nested|inner/.test(link.text ?? ''));
    for (const link of markupLinks) assert.match(link.href ?? '', /^https:\/\/example\.com\//, JSON.stringify(link));
    assert.ok(links.some((link) => link.href === 'https://example.com/safe' && link.text === 'safe link'));
    for (const text of ['javascript link', 'mixed-case scheme', 'data link', 'vbscript link', 'protocol-relative', 'backslash host']) {
      assert.ok(body.includes(text), `${text} stays as text`);
      assert.ok(!links.some((link) => link.text === text), `${text} is not a link`);
    }
    await page.close();
  });

  void test('the lists, the case study and the video page stay inert', async () => {
    for (const path of ['/', '/blog', '/search-lab', `/search-lab/${caseStudySlug}`, '/youtube-channel']) {
      const { page } = await openWatchedPage(context, site(path));
      await assertInert(page, path);
      if (path === '/youtube-channel') {
        await page.getByRole('button', { name: `Play ${videoTitle}` }).click();
        await page.locator('.player iframe').waitFor();
        assert.match((await page.locator('.player iframe').getAttribute('src')) ?? '', /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?/);
        await assertInert(page, 'video player');
      }
      if (path.startsWith('/search-lab/')) {
        const href = await page.getByRole('link', { name: /Open ChatGPT Conversation/ }).getAttribute('href');
        assert.match(href ?? '', /^https:\/\/chatgpt\.com\//);
      }
      await page.close();
    }
  });

  void test('the admin panel shows every record inert, on every tab', async () => {
    const staff = await newWatchedContext(browser);
    const [name, value] = (await cookieOnce()).split(';')[0]!.split('=') as [string, string];
    await staff.addCookies([{ name, value, url: e2eStack.gatewayUrl }]);
    const { page } = await openWatchedPage(staff, site('/admin'));
    await assertInert(page, '/admin');
    const tabs = page.getByRole('tab');
    for (let index = 0; index < (await tabs.count()); index++) {
      await tabs.nth(index).click();
      await assertInert(page, `admin tab ${(await tabs.nth(index).textContent()) ?? index}`);
    }
    await staff.close();
  });
});

void describe('model text on the tool pages renders as text', () => {
  const HOSTILE_MODEL_TEXT = `![pixel](https://evil.example/p.png) <img src=x onerror="window.xssRan=20"> [prize](https://evil.example/prize) ${SCRIPT}`;
  let browser: Browser;
  let context: BrowserContext;

  before(async () => {
    browser = await launchBrowser();
    context = await newWatchedContext(browser);
    await context.route('https://evil.example/**', (route) => route.fulfill({ status: 204 }));
  });
  after(async () => {
    await context?.close();
    await browser?.close();
  });

  const evilRequests = (page: Page): string[] => {
    const seen: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('evil.example')) seen.push(request.url());
    });
    return seen;
  };

  void test('AI Search Audit: a model answer, its sources and its searches full of markup show as text, with no link or image', async () => {
    const { page } = await openWatchedPage(context, site('/ai-search-audit'));
    const seen = evilRequests(page);
    // Sources that are not web pages, and titles, quotes and searches that are markup.
    const hostileCitations = [
      { url: 'javascript:window.xssRan=21', title: SCRIPT },
      { url: 'data:text/html,<script>window.xssRan=22</script>', title: HANDLERS, citedText: SCRIPT },
      { url: 'https://shop.example/"><script>window.xssRan=23</script>', title: QUOTES },
    ];
    // The answer, and the stored report the results page then reads at its own address.
    const reportId = `xss${String(run).padStart(19, '0')}`.slice(0, 22);
    const hostileReport = {
      query: `best oat milk ${SCRIPT}`,
      responses: { openai: `${HOSTILE_MODEL_TEXT} [1][2][3]`, claude: HOSTILE_MODEL_TEXT, gemini: HOSTILE_MODEL_TEXT },
      errors: { grok: HOSTILE_MODEL_TEXT },
      citations: { openai: hostileCitations },
      searchQueries: { openai: [SCRIPT, HANDLERS] },
      grounded: { openai: true },
      endings: {},
      models: {},
      endingCounts: {},
      searchSuggestions: {},
      runs: 1,
      runAnswers: {},
      brands: [],
      visibility: null,
      competitorVisibility: [],
      reportId,
      reportUrl: `/ai-search-audit/report/${reportId}`,
      brand: null,
      website: null,
      competitors: [],
      simulated: false,
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    };
    await page.route('**/api/llm-query', (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(hostileReport) }));
    await page.route(`**/api/llm-query/reports/${reportId}`, (route) => route.fulfill({ contentType: 'application/json', body: JSON.stringify(hostileReport) }));
    await page.getByRole('textbox', { name: 'Your question' }).fill('best oat milk');
    await page.getByRole('textbox', { name: 'Email' }).fill(`audit-xss-${run}@example.com`);
    await page.getByRole('button', { name: 'Analyse' }).click();
    const results = page.locator('.audit-results');
    await results.waitFor();
    await page.waitForTimeout(300);
    assert.ok((await results.innerText()).includes('![pixel](https://evil.example/p.png)'), 'the markdown shows as text');
    assert.equal(await results.locator('a[href*="evil.example"], img[src*="evil.example"], img[src="x"]').count(), 0);
    assert.equal(await results.locator('a[href^="javascript:"], a[href^="data:"], script, svg').count(), 0);
    assert.equal(await results.locator('.audit-source-list li').count(), 3);
    assert.ok((await results.locator('.audit-searched').innerText()).includes(SCRIPT), 'the searches show as text');
    await assertInert(page, 'audit results');
    assert.deepEqual(seen, []);
    await page.close();
  });

  void test('Semantic Expansion: queries, page content and suggestions full of markup show as text', async (t) => {
    const { page } = await openWatchedPage(context, site('/query-fan-out'));
    if ((await page.locator('input[name="keyword"]').count()) === 0) {
      t.skip('the Semantic Expansion form is not on this build yet');
      await page.close();
      return;
    }
    const seen = evilRequests(page);
    const queries = Array.from({ length: 10 }, (_, index) => `query ${index} ${HOSTILE_MODEL_TEXT}`);
    await page.route('**/api/query-fan-out', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          queries,
          fanOut: queries.map((query, index) => ({
            query,
            type: index % 2 === 0 ? 'related' : 'comparative',
            userIntent: HOSTILE_MODEL_TEXT,
            reasoning: HOSTILE_MODEL_TEXT,
            routingFormat: HOSTILE_MODEL_TEXT,
            weight: 1,
          })),
          countReasoning: HOSTILE_MODEL_TEXT,
          passes: 1,
          websiteCheck: { status: 'read', pagesRead: 1 },
          websiteAnalysis: queries.map((query, index) => ({
            query,
            found: index % 2 === 0,
            coverage: index % 2 === 0 ? 'covered' : 'gap',
            reason: HOSTILE_MODEL_TEXT,
            ...(index % 2 === 0 ? { content: HOSTILE_MODEL_TEXT, url: 'javascript:alert(1)' } : {}),
            suggestions: [HOSTILE_MODEL_TEXT],
          })),
        }),
      }),
    );
    await page.locator('input[name="keyword"]').fill('oat milk');
    await page.locator('input[name="website"]').fill('https://shop.example');
    await page.locator('input[type="email"]').fill(`fanout-xss-${run}@example.com`);
    await page.locator('form button[type="submit"]').click();
    await page.getByText('query 0 ').first().waitFor();
    await page.waitForTimeout(300);
    // "Check in AI Search Audit" carries each query, URL-encoded, to this site's own audit page.
    const auditLinks = await page.locator('main a.semantic-expansion-audit-link').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    assert.equal(auditLinks.length, queries.length);
    for (const href of auditLinks) assert.match(href, /^\/ai-search-audit\?q=[^<>"\s]*$/);
    assert.equal(await page.locator('main a[href*="evil.example"]:not(.semantic-expansion-audit-link), main img[src*="evil.example"], main img[src="x"]').count(), 0);
    assert.equal(await page.locator('main a[href^="javascript:"]').count(), 0);
    assert.ok((await page.locator('main').innerText()).includes('![pixel](https://evil.example/p.png)'));
    await assertInert(page, 'semantic expansion results');
    assert.deepEqual(seen, []);
    await page.close();
  });
});
