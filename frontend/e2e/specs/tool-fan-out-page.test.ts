import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { simulatedFanOut } from '@agency/model-sim';
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
    <p>How to choose protein powder: look at the amino acid profile, the protein per serving and third-party testing.</p>
    <a href="/reviews">Reviews</a></body></html>`,
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

function cardFor(page: Page, query: string) {
  return page.locator('.coverage-card', { has: page.getByRole('heading', { name: query, exact: true }) });
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

  void test('from form to results: the queries, and per query found or not, the passage and suggestions', async () => {
    const { page, errors } = await openPage(suite.context, '/query-fan-out');
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
      assert.match((await stage('Reading your website').textContent()) ?? '', /Done · 2 pages read/);
      assert.equal(await stage('Generating related queries').getAttribute('class'), 'stage is-running');
      assert.match((await page.locator('.tool-status').textContent()) ?? '', /^Analysing\.\.\. generating related queries/);
      await stage('Checking which queries your site answers').and(page.locator('.is-running')).waitFor();
      assert.match((await stage('Generating related queries').textContent()) ?? '', /Done · 12 queries/);
    });

    const heading = resultsHeading(page, KEYWORD);
    await heading.waitFor({ timeout: 60_000 });
    assert.equal(await heading.evaluate((element) => element === document.activeElement), true, 'focus moves to the results');
    assert.match((await page.locator('.tool-status').textContent()) ?? '', /Found 12 related queries/);

    const expected = simulatedFanOut(KEYWORD).map((item) => item.query);
    assert.deepEqual((await page.locator('.query-chips li').allTextContents()).map((text) => text.trim()), expected);
    assert.equal(await page.locator('.coverage-card').count(), expected.length);

    const found = await page.locator('.coverage-card.is-found').count();
    assert.ok(found > 0 && found < expected.length, `some queries are covered and some are not (found ${found})`);
    assert.equal(await page.locator('.coverage-card .badge', { hasText: 'Not found' }).count(), expected.length - found);
    assert.match((await page.locator('.tool-results .lede').textContent()) ?? '', new RegExp(`Website coverage: ${found} / ${expected.length} queries found`));

    const choose = cardFor(page, 'how to choose protein powder');
    assert.match((await choose.locator('.badge').textContent()) ?? '', /^\s*Found$/);
    assert.match((await choose.locator('blockquote').textContent()) ?? '', /amino acid profile/);
    assert.ok((await choose.locator('.coverage-suggestions li').count()) > 0);

    const missing = page.locator('.coverage-card:not(.is-found)').first();
    assert.equal(await missing.locator('blockquote').count(), 0, 'a query the site does not answer shows no passage');
    assert.ok((await missing.locator('.coverage-suggestions li').count()) > 0, 'and says how to cover it');

    // Site text that looks like markup is shown as text, never run.
    const reviews = cardFor(page, 'protein powder reviews uk');
    assert.match((await reviews.locator('blockquote').textContent()) ?? '', /<img src=x onerror="window.__injected=1">/);
    assert.equal(await page.evaluate(() => (window as unknown as { __injected?: number }).__injected), undefined);
    assert.equal(await page.locator('.tool-results img').count(), 0);

    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('a website typed without a scheme is accepted; a site that cannot be read is said so per query', async () => {
    const page = await runFanOut('oat milk', 'greenfuel.example');
    await resultsHeading(page, 'oat milk').waitFor({ timeout: 60_000 });
    assert.equal(await page.locator('.coverage-card.is-found').count(), 0);
    assert.match((await page.locator('.coverage-suggestions li').first().textContent()) ?? '', /^We could not read your website: /);
    await page.close();
  });

  void test('one model failing: the next one writes the queries and the visitor sees results', async () => {
    await withSimFaults({ openai: { status: 500 } }, async () => {
      const page = await runFanOut(KEYWORD, shop.url);
      await resultsHeading(page, KEYWORD).waitFor({ timeout: 60_000 });
      assert.equal(await page.locator('.query-chips li').count(), 12);
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
    } finally {
      await phone.close();
    }
  });
});
