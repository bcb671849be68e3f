import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { resetSim, setSimFaults } from '../support/model-sim-control.js';
import { newContext, openPage, seriousAxeViolations } from '../support/site.js';
import { toastText } from '../support/toasts.js';

/** The AI Search Audit page in real Chromium through the gateway, against the model simulator (demo mode). */
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const pageErrors = new WeakMap<Page, string[]>();

async function openAudit(width?: number): Promise<Page> {
  const context = await newContext(browser, { width });
  const { page, errors } = await openPage(context, '/ai-search-audit');
  pageErrors.set(page, errors);
  return page;
}

/** Closes the page after checking it logged no errors. */
async function closeClean(page: Page): Promise<void> {
  await page.context().close();
  assert.deepEqual(pageErrors.get(page), []);
}

async function fillForm(page: Page, fields: { query?: string; brand?: string; email?: string }): Promise<void> {
  if (fields.query !== undefined) await page.getByRole('textbox', { name: 'Your question' }).fill(fields.query);
  if (fields.brand !== undefined) await page.getByRole('textbox', { name: 'Brand' }).fill(fields.brand);
  if (fields.email !== undefined) await page.getByRole('textbox', { name: 'Email' }).fill(fields.email);
}

const modelCard = (page: Page, scope: string, label: string) =>
  page.locator(`${scope} .audit-model-card`, { has: page.locator('h3', { hasText: label }) });

const textOf = async (page: Page, selector: string): Promise<string> => (await page.locator(selector).innerText()).replace(/\s+/g, ' ').trim();

void describe('AI Search Audit page', () => {
  void test('Analyse stays disabled until the email matches the pattern; an empty query asks for one', async () => {
    const page = await openAudit();
    const analyse = page.getByRole('button', { name: 'Analyse' });
    assert.equal(await analyse.isDisabled(), true);
    await fillForm(page, { email: 'visitor@example' });
    assert.equal(await analyse.isDisabled(), true);
    await fillForm(page, { email: 'visitor@example.com', query: '   ' });
    assert.equal(await analyse.isDisabled(), false);
    await analyse.click();
    assert.match(await toastText(page, 'Query Required'), /Please enter a brand or product query first\./);
    // Nothing was sent: the hero and form are still there.
    assert.equal(await page.locator('h1').textContent(), 'What does AI say about your brand?');
    assert.match(await textOf(page, '.audit-form'), /you agree to receive occasional marketing emails from us and can unsubscribe at any time/);
    await closeClean(page);
  });

  void test('from the form to the results: four answers with their sources and searches, the score, the mentions and a new analysis form', async () => {
    // Every simulated engine then cites a page of this site among its sources.
    await setSimFaults({ citedSite: 'https://www.my-shop.example' });
    try {
      const page = await openAudit();
      await fillForm(page, { query: 'eco friendly laundry detergent', brand: 'Halden & Moss', email: 'e2e-audit-page@example.com' });
      await page.getByRole('button', { name: 'Analyse' }).click();

      assert.match(await toastText(page, 'Analysis Complete'), /Your AI search audit has been completed successfully\./);
      const heading = page.locator('#audit-results-title');
      await heading.waitFor();
      // The results are the report's own page, a new history entry, with focus on their heading.
      assert.match(new URL(page.url()).pathname, /^\/ai-search-audit\/report\/[A-Za-z0-9_-]{22}$/);
      await page.waitForFunction(() => document.activeElement?.id === 'audit-results-title');
      // The results replace the hero and the first form; a "Run a New Analysis" form follows them.
      assert.equal(await page.locator('h1').count(), 1);
      assert.equal(await page.getByText('What does AI say about your brand?').count(), 0);
      assert.equal(await page.locator('#audit-title').count(), 0);
      assert.equal(await page.getByRole('heading', { name: 'Run a New Analysis' }).count(), 1);
      assert.equal(await page.getByRole('textbox', { name: 'Brand' }).inputValue(), 'Halden & Moss');
      assert.equal(await page.getByRole('textbox', { name: 'Your question' }).inputValue(), '');

      for (const label of ['ChatGPT', 'Claude', 'Gemini', 'Grok']) {
        const card = modelCard(page, '.audit-results', label);
        // Finished: every answer is in, so the badge no longer says 'Active'.
        assert.equal(await card.locator('.audit-status').textContent(), 'Answered');
        assert.match((await card.locator(':scope > .audit-answer').textContent()) ?? '', new RegExp(`Simulated ${label} answer`));
        // Numbered markers in the answer, each a link to its entry in the card's list of sources.
        const sources = card.locator('.audit-source-list li');
        const count = await sources.count();
        assert.ok(count >= 4, `${label} lists ${count} sources`);
        const markers = card.locator(':scope > .audit-answer a.audit-source-marker');
        assert.equal(await markers.first().textContent(), '[1]');
        const target = (await markers.first().getAttribute('href')) ?? '';
        assert.equal(await card.locator(`.audit-source-list li${target}`).count(), 1);
        // Each source: its site, then its title linking to the page, away from this site and unendorsed.
        const hosts: string[] = [];
        for (const link of await card.locator('.audit-source-list a').all()) {
          assert.equal(await link.getAttribute('rel'), 'noopener noreferrer nofollow');
          // Gemini's redirect links were resolved: every link is the cited page itself.
          const href = (await link.getAttribute('href')) ?? '';
          assert.match(href, /^https:\/\/[^/]+\.example\//);
          hosts.push(new URL(href).hostname);
        }
        assert.ok(hosts.includes('www.my-shop.example'), `${label} cites the configured site: ${hosts.join(', ')}`);
        assert.match(await textOf(page, `.audit-results .audit-model-card:has(h3:text-is("${label}")) .audit-searched`), /^Searched for: “eco friendly laundry detergent”/);
      }
      // The summary shows the stored figures across all fifteen answers (Perplexity too), as the brand table and the
      // brand's own card do: each model's "k of 3" badge is its cell in the table.
      const stats = await textOf(page, '.audit-summary .audit-stats');
      assert.match(stats, /Models responded 5 \/ 5/);
      const across = /Mentioned in (\d+) of 15 answers/.exec(await textOf(page, '.audit-brand-visibility'));
      assert.ok(across, 'the brand card gives k of 15');
      const k = Number(across[1]);
      assert.match(stats, new RegExp(`Visibility score ${Math.round((k / 15) * 100)}% simulated`));
      assert.match(stats, new RegExp(`Mentions ${k} of 15 answers`));
      const row = page.locator('.audit-brands-table tbody tr', { has: page.locator('th', { hasText: 'Halden & Moss' }) });
      for (const [index, label] of ['ChatGPT', 'Claude', 'Gemini', 'Grok'].entries()) {
        const cell = ((await row.locator('td').nth(index).innerText()) ?? '').trim();
        const named = /^(\d)\/3/.exec(cell)?.[1] ?? '0';
        const badge = (await page.locator('.audit-summary .audit-mentions li').nth(index).innerText()).replace(/\s+/g, ' ').trim();
        assert.equal(badge, `${label} ${named} of 3 ${named === '0' ? 'Not mentioned' : 'Mentioned'}`);
      }

      assert.deepEqual(await seriousAxeViolations(page), []);
      await closeClean(page);
    } finally {
      await resetSim();
    }
  });

  void test('an engine that searched but cited nothing, and one that answered from memory, say so', async () => {
    await setSimFaults({ anthropic: { searchFault: 'no-sources' }, gemini: { searchFault: 'no-search' } });
    try {
      const page = await openAudit();
      await fillForm(page, { query: 'quiet dishwasher', email: 'e2e-audit-sources@example.com' });
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page.locator('#audit-results-title').waitFor();
      const claude = modelCard(page, '.audit-results', 'Claude');
      assert.equal(await claude.locator(':scope > .audit-sources-none').textContent(), 'No sources cited.');
      assert.match((await claude.locator(':scope > .audit-searched').textContent()) ?? '', /^Searched for: “quiet dishwasher”/);
      assert.equal(await claude.locator(':scope > .audit-answer a.audit-source-marker').count(), 0);
      const gemini = modelCard(page, '.audit-results', 'Gemini');
      assert.equal(await gemini.locator(':scope > .audit-searched').textContent(), 'Answered from memory, without searching the web.');
      assert.equal(await gemini.locator(':scope > .audit-sources').count(), 0);
      assert.ok((await modelCard(page, '.audit-results', 'Grok').locator('.audit-source-list li').count()) > 0);
      await closeClean(page);
    } finally {
      await resetSim();
    }
  });

  void test('cards turn from waiting to answered live, a failing model shows its error and a hanging one gives up', async () => {
    // Perplexity fails too, so that two of the five engines answer (its answers would name Lumera).
    await setSimFaults({ gemini: { latencyMs: 200 }, openai: { latencyMs: 1500 }, anthropic: { status: 500 }, xai: { hang: true }, perplexity: { status: 500 } });
    try {
      const page = await openAudit(390);
      // Model text is shown as plain text: the query comes back inside each answer, its tags removed.
      await fillForm(page, { query: 'best dog food for <b>puppies</b>', brand: 'Lumera', email: 'e2e-audit-live@example.com' });
      const answered = page.waitForResponse((response) => response.url().endsWith('/api/llm-query'));
      await page.getByRole('button', { name: 'Analyse' }).click();
      await page.getByRole('button', { name: 'Analysing...' }).waitFor();
      assert.equal(await page.evaluate(() => document.activeElement?.id), 'audit-live-title');

      await modelCard(page, '.audit-live', 'Gemini').locator('.audit-status', { hasText: /Active|Answered/ }).waitFor();
      const geminiAnsweredAt = Date.now();
      assert.equal(await modelCard(page, '.audit-live', 'Grok').locator('.audit-status').textContent(), 'Waiting');
      assert.match(await textOf(page, '.audit-live-status'), /of 12 answers in, from \d of 4 models/);
      assert.match((await modelCard(page, '.audit-live', 'Gemini').locator('.audit-answer').textContent()) ?? '', /Simulated Gemini answer/);
      // Its sources and searches arrive with its answer, before the others have finished.
      assert.ok((await modelCard(page, '.audit-live', 'Gemini').locator('.audit-source-list li').count()) > 0);
      assert.match(await textOf(page, '.audit-live .audit-model-card:has(h3:text-is("Gemini")) .audit-searched'), /^Searched for: /);
      await modelCard(page, '.audit-live', 'Claude').locator('.audit-status', { hasText: 'Error' }).waitFor();
      await modelCard(page, '.audit-live', 'ChatGPT').locator('.audit-status', { hasText: /Active|Answered/ }).waitFor();
      assert.equal(await modelCard(page, '.audit-live', 'Grok').locator('.audit-status').textContent(), 'Waiting');
      assert.equal(await page.getByRole('button', { name: 'Analysing...' }).count(), 1);

      await answered;
      const postFinishedAt = Date.now();
      assert.ok(postFinishedAt - geminiAnsweredAt > 2000, `Gemini showed ${postFinishedAt - geminiAnsweredAt} ms before the POST finished`);

      await page.locator('#audit-results-title').waitFor();
      const claude = modelCard(page, '.audit-results', 'Claude');
      assert.equal(await claude.locator('.audit-status').textContent(), 'Error');
      assert.equal(await claude.locator('.audit-model-message').textContent(), 'Claude had a server error (500).');
      const grok = modelCard(page, '.audit-results', 'Grok');
      assert.equal(await grok.locator('.audit-status').textContent(), 'Error');
      assert.equal(await grok.locator('.audit-model-message').textContent(), 'Grok did not answer within 5 seconds.');
      const chatGpt = modelCard(page, '.audit-results', 'ChatGPT').locator(':scope > .audit-answer');
      // The answer quotes the query: its tags were removed as plain-text cleaning removes all markup.
      assert.match((await chatGpt.textContent()) ?? '', /"best dog food for puppies"/);
      assert.equal(await chatGpt.locator('b').count(), 0);
      assert.match((await chatGpt.innerText()).trim(), /\n\n/, 'the answer keeps its paragraph breaks');

      const stats = await textOf(page, '.audit-summary .audit-stats');
      assert.match(stats, /Models responded 2 \/ 5/);
      assert.match(stats, /Visibility score 0%/);
      assert.match(stats, /Mentions 0 of 6 answers/);
      assert.deepEqual(await page.locator('.audit-mentions li').allTextContents(), [
        'ChatGPT0 of 3 Not mentioned',
        'ClaudeNo response',
        'Gemini0 of 3 Not mentioned',
        'GrokNo response',
      ]);
      assert.match(await textOf(page, '.audit-advice'), /^None of the answers mentioned Lumera\./);
      await closeClean(page);
    } finally {
      await resetSim();
    }
  });

  void test('a refused request shows Analysis Failed with the server’s message and keeps the form', async () => {
    const page = await openAudit();
    const query = page.getByRole('textbox', { name: 'Your question' });
    // The field stops at 500 characters; without that limit the service refuses the query itself.
    await query.evaluate((input) => input.removeAttribute('maxlength'));
    await fillForm(page, { query: 'x'.repeat(501), email: 'e2e-audit-fail@example.com' });
    await page.getByRole('button', { name: 'Analyse' }).click();
    assert.match(await toastText(page, 'Analysis Failed'), /query must be at most 500 characters/);
    assert.equal(await page.locator('h1').textContent(), 'What does AI say about your brand?');
    assert.equal((await query.inputValue()).length, 501);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'audit-query');
    assert.equal(await page.getByRole('button', { name: 'Analyse' }).isDisabled(), false);
    await closeClean(page);
  });
});
