import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { readFile } from 'node:fs/promises';
import type { SemanticExpansionAnswer as FanOutAnswer } from '@agency/shared';
import type { Page } from 'playwright-core';
import { withSimFaults } from '../support/sim-faults.js';
import { newContext, openPage, seriousAxeViolations, useSuiteBrowser } from '../support/site.js';
import { startTestSite, type TestSite } from '../support/test-site.js';
import { toastText } from '../support/toasts.js';

const KEYWORD = 'protein powder';

/** The visitor's shop: covers some of the queries; one passage carries text that looks like markup. */
const SHOP_PAGES = {
  '/': `<html><head><title>Greenfuel</title></head><body>
    <h1>Greenfuel protein powder</h1>
    <p>How to choose the right protein powder: look at the amino acid profile, the protein per serving and third-party testing.</p>
    <a href="/reviews">Reviews</a> <a href="/guide">Buying guide</a></body></html>`,
  '/guide': `<html><head><title>Buying guide</title></head><body>
    <h2>Protein powder buying guide</h2>
    <p>Our protein powder buying guide: what to look for when buying protein powder, and which certifications to trust.</p>
    </body></html>`,
  '/reviews': `<html><head><title>Reviews</title></head><body>
    <h2>Protein powder reviews from UK customers</h2>
    <p>Protein powder reviews uk: &lt;img src=x onerror="window.__injected=1"&gt; rated 4.8 by 2,000 UK customers.</p>
    </body></html>`,
  '/robots.txt': 'User-agent: *\nAllow: /\n',
};

async function fillForm(page: Page, fields: { keyword?: string; website?: string; email?: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Keyword' }).fill(fields.keyword ?? '');
  await page.getByRole('textbox', { name: 'Website' }).fill(fields.website ?? '');
  await page.getByRole('textbox', { name: 'Email' }).fill(fields.email ?? '');
}

const submit = (page: Page) => page.getByRole('button', { name: 'Generate Queries' }).click();

const resultsHeading = (page: Page, keyword: string) => page.getByRole('heading', { name: `The questions behind “${keyword}”` });

function rowFor(page: Page, query: string) {
  return page.locator('.semantic-expansion-row', { has: page.locator('.semantic-expansion-query-text', { hasText: new RegExp(`^${query.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
}

/** The POST answer as the page received it. */
function fanOutAnswer(page: Page): Promise<FanOutAnswer> {
  return page.waitForResponse((response) => response.url().endsWith('/api/query-fan-out') && response.request().method() === 'POST', { timeout: 90_000 }).then(
    (response) => response.json() as Promise<FanOutAnswer>,
  );
}

void describe('Semantic Expansion (/query-fan-out) in a browser, demo mode', () => {
  const suite = useSuiteBrowser();
  let shop: TestSite;
  before(async () => {
    shop = await startTestSite(SHOP_PAGES);
  });
  after(() => shop?.close());

  /** Opens the page, fills the form for `keyword` and `website` and submits it. */
  async function runFanOut(keyword: string, website: string, page?: Page): Promise<Page> {
    const target = page ?? (await openPage(suite.context, '/query-fan-out')).page;
    await fillForm(target, { keyword, website, email: 'owner@greenfuel.example' });
    await submit(target);
    return target;
  }

  void test('missing fields and a bad email get the Missing Information and Invalid Email toasts and send nothing', async () => {
    const { page, errors } = await openPage(suite.context, '/query-fan-out');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/query-fan-out')) posts.push(request.url());
    });

    await submit(page);
    assert.match(await toastText(page, 'Missing Information'), /Missing Information.*Please provide a keyword, website URL, and email address\./);

    await fillForm(page, { keyword: KEYWORD, website: shop.url, email: '   ' });
    await submit(page);
    assert.match(await toastText(page, 'Missing Information'), /Please provide a keyword, website URL, and email address\./);

    await fillForm(page, { keyword: KEYWORD, website: shop.url, email: 'owner.greenfuel.example' });
    await submit(page);
    assert.match(await toastText(page, 'Invalid Email'), /Invalid Email.*Please provide a valid email address\./);

    assert.deepEqual(posts, []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('from form to results: a weighted table grouped by type, the page behind each covered query, and a CSV', async () => {
    const { page, errors } = await openPage(suite.context, '/query-fan-out');
    const answered = fanOutAnswer(page);
    // Slow models, so the busy state and the stages are there to see.
    await withSimFaults({ default: { latencyMs: 1500 } }, async () => {
      await runFanOut(KEYWORD, shop.url, page);
      const busy = page.getByRole('button', { name: 'Analysing...' });
      await busy.waitFor();
      assert.equal(await busy.isDisabled(), true);
      assert.equal(await page.getByRole('textbox', { name: 'Keyword' }).isDisabled(), true);
      // The crawl is quick; the model writing the queries is not: the stages say so while it runs.
      const stage = (label: string) => page.locator('.stage', { hasText: label });
      await stage('Reading your website').and(page.locator('.is-finished')).waitFor();
      assert.match((await stage('Reading your website').textContent()) ?? '', /Done · 3 pages read/);
      assert.equal(await stage('Generating related queries').getAttribute('class'), 'stage is-running');
      assert.match((await page.locator('.tool-status').textContent()) ?? '', /^Analysing\.\.\. generating related queries/);
      await stage('Checking which queries your site answers').and(page.locator('.is-running')).waitFor();
      assert.match((await stage('Generating related queries').textContent()) ?? '', /Done · \d+ queries from 3 passes/);
    });

    const heading = resultsHeading(page, KEYWORD);
    await heading.waitFor({ timeout: 60_000 });
    const answer = await answered;
    assert.equal(await heading.evaluate((element) => element === document.activeElement), true, 'focus moves to the results');
    assert.match((await page.locator('.tool-status').textContent()) ?? '', new RegExp(`Found ${answer.fanOut.length} related queries`));
    assert.ok(answer.fanOut.length >= 10 && answer.fanOut.length <= 25);
    assert.match((await page.locator('.semantic-expansion-why').textContent()) ?? '', /Simulated answer \(demo mode/);

    // One table per type, every query once, heaviest first inside each.
    const groups = await page.locator('.semantic-expansion-group').all();
    assert.equal(groups.length, new Set(answer.fanOut.map((item) => item.type)).size);
    assert.equal(await page.locator('.semantic-expansion-row').count(), answer.fanOut.length);
    for (const group of groups) {
      const weights = (await group.locator('.semantic-expansion-weight').allTextContents()).map((text) => Number(/(\d) of 3/.exec(text)?.[1]));
      assert.deepEqual(weights, [...weights].sort((a, b) => b - a));
    }
    assert.ok(answer.fanOut.some((item) => item.weight < 1), 'passes disagree on some queries');

    // Covered queries name the page and carry its passage; gaps show neither.
    const covered = answer.websiteAnalysis.filter((item) => item.coverage === 'covered');
    assert.ok(covered.length > 0 && covered.length < answer.websiteAnalysis.length, `some queries are covered and some are not (${covered.length})`);
    for (const item of covered) {
      const row = rowFor(page, item.query);
      assert.equal((await row.locator('.badge').textContent())?.trim(), 'Covered');
      assert.equal(await row.locator('.semantic-expansion-page').getAttribute('href'), item.url);
      assert.ok(item.url?.startsWith(shop.url), item.url);
      assert.equal((await row.locator('.semantic-expansion-passage').textContent())?.trim(), item.content);
    }
    const gap = answer.websiteAnalysis.find((item) => item.coverage === 'gap');
    if (gap) {
      const row = rowFor(page, gap.query);
      assert.equal(await row.locator('.semantic-expansion-page').count(), 0);
      assert.equal(await row.locator('.semantic-expansion-passage').count(), 0);
    }
    assert.match((await page.locator('.stats-strip').textContent()) ?? '', /Coverage\s*\d+%/);

    // Site text that looks like markup is shown as text, never run.
    const passages = (await page.locator('.semantic-expansion-passage').allTextContents()).join('\n');
    assert.match(passages, /what to look for when buying protein powder/);
    if (passages.includes('rated 4.8')) assert.match(passages, /<img src=x onerror="window.__injected=1">/);
    assert.equal(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), undefined);
    assert.equal(await page.locator('.tool-results img').count(), 0);

    // The CSV holds the table: one line per query, with its type, weight, coverage and page.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    assert.equal(download.suggestedFilename(), 'semantic-expansion-protein-powder.csv');
    const file = await readFile((await download.path()) ?? '', 'utf8');
    assert.ok(file.startsWith('\uFEFF'), 'the CSV starts with a byte-order mark');
    const csv = file.slice(1);
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], '"query","type","weight","user intent","reasoning","routing format","coverage","coverage reason","page","best passage"');
    assert.equal(lines.length, answer.fanOut.length + 1);
    assert.ok(lines[1]?.startsWith(`"${answer.fanOut[0]!.query}","${answer.fanOut[0]!.type}","${answer.fanOut[0]!.weight}",`), lines[1]);
    for (const item of covered) assert.ok(csv.includes(`,"covered",`) && csv.includes(item.url ?? 'missing'));

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('"Check in AI Search Audit" opens the audit with the query, the website and the email filled in, the email kept out of the address', async () => {
    const page = await runFanOut(KEYWORD, shop.url);
    await resultsHeading(page, KEYWORD).waitFor({ timeout: 60_000 });
    const row = page.locator('.semantic-expansion-row').first();
    const query = ((await row.locator('.semantic-expansion-query-text').textContent()) ?? '').trim();
    await row.getByRole('link', { name: 'Check in AI Search Audit' }).click();
    await page.waitForURL((url) => url.pathname === '/ai-search-audit');
    const address = new URL(page.url());
    assert.equal(address.searchParams.get('q'), query);
    assert.ok(!decodeURIComponent(page.url()).includes('owner@greenfuel.example'), 'the email is not in the address');
    const field = page.getByRole('textbox', { name: 'Your question' });
    await field.waitFor();
    assert.equal(await field.inputValue(), query);
    assert.equal(await page.getByRole('textbox', { name: 'Your website' }).inputValue(), address.searchParams.get('website'));
    assert.equal(await page.getByRole('textbox', { name: 'Email' }).inputValue(), 'owner@greenfuel.example');
    await page.close();
  });

  void test('a website typed without a scheme is accepted; a site that cannot be read gets one warning, "Not checked" and a retry', async () => {
    const page = await runFanOut('oat milk', 'greenfuel.example');
    await resultsHeading(page, 'oat milk').waitFor({ timeout: 60_000 });
    const warning = page.locator('.semantic-expansion-warning');
    assert.equal(await warning.count(), 1);
    assert.match((await warning.textContent()) ?? '', /We could not read your website: /);
    const rows = await page.locator('.semantic-expansion-row').count();
    assert.ok(rows >= 10);
    assert.equal(await page.locator('.semantic-expansion-coverage .badge', { hasText: 'Not checked' }).count(), rows);
    assert.equal(await page.getByText(/could not read your website/).count(), 1, 'the reason is said once, not per query');
    assert.doesNotMatch((await page.locator('.tool-results').textContent()) ?? '', /\b0%/);
    assert.match((await page.locator('.stats-strip').textContent()) ?? '', /Not checked/);

    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/query-fan-out')) posts.push(request.postData() ?? '');
    });
    await page.getByRole('button', { name: 'Retry the website check' }).click();
    await page.locator('.tool-status', { hasText: /Found \d+ related queries/ }).waitFor({ timeout: 60_000 });
    assert.equal(posts.length, 1);
    assert.deepEqual(JSON.parse(posts[0]!), { keyword: 'oat milk', website: 'greenfuel.example', email: 'owner@greenfuel.example' });
    await page.close();
  });

  void test('one model failing: the others write the passes and the visitor sees results', async () => {
    await withSimFaults({ openai: { status: 500 } }, async () => {
      const page = await runFanOut(KEYWORD, shop.url);
      await resultsHeading(page, KEYWORD).waitFor({ timeout: 60_000 });
      assert.ok((await page.locator('.semantic-expansion-row').count()) >= 10);
      await page.close();
    });
  });

  void test("a refused website gets the 'Error' toast with the service's reason, and the form is kept", async () => {
    const page = await runFanOut(KEYWORD, 'http://127.0.0.1:8081');
    assert.match(await toastText(page, 'Error'), /^Error.*Only the standard web ports \(80 and 443\) are accepted/);
    assert.match((await page.locator('.form-error').textContent()) ?? '', /Only the standard web ports/);
    assert.equal(await page.getByRole('textbox', { name: 'Keyword' }).inputValue(), KEYWORD);
    assert.equal(await page.getByRole('button', { name: 'Generate Queries' }).isEnabled(), true);
    await page.close();
  });

  void test("when every model fails the visitor gets the 'Error' toast and no results", async () => {
    await withSimFaults({ default: { status: 500 } }, async () => {
      const page = await runFanOut(KEYWORD, shop.url);
      assert.match(await toastText(page, 'Error'), /^Error.*The query generator is unavailable right now/);
      assert.equal(await page.locator('.tool-results').count(), 0);
      await page.close();
    });
  });

  void test("an answer with no readable message shows the page's fallback sentence", async () => {
    const { page } = await openPage(suite.context, '/query-fan-out');
    // The gateway and service always explain themselves; an empty 502 stands for a broken proxy on the way.
    await page.route('**/api/query-fan-out', (route) => route.fulfill({ status: 502, body: '' }));
    await runFanOut(KEYWORD, shop.url, page);
    assert.match(await toastText(page, 'Error'), /^Error.*Failed to generate semantic expansion\. Please try again\./);
    await page.close();
  });

  void test('on a phone the results fit the screen', async () => {
    const phone = await newContext(suite.browser, { width: 390 });
    try {
      const { page } = await openPage(phone, '/query-fan-out');
      await runFanOut(KEYWORD, shop.url, page);
      await resultsHeading(page, KEYWORD).waitFor({ timeout: 60_000 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
      const results = await page.locator('.tool-results').evaluate((element) => element.getBoundingClientRect().height);
      console.log(`semantic expansion results on a 390 px phone: ${Math.round(results)} px tall`);
    } finally {
      await phone.close();
    }
  });
});
