import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { resetSim, setSimFaults } from '../support/model-sim-control.js';
import { newContext, openPage, seriousAxeViolations, site } from '../support/site.js';
import { toastText } from '../support/toasts.js';

/**
 * What the audit report says to do, in real Chromium through the gateway, in demo mode: for
 * "best electrolyte powder for runners" with a brand and a website, where competitors are cited
 * and the visitor is not, what was read but not cited, memory vs search per engine, tone, the
 * method card and the ranked next steps, with Perplexity beside the four engines; and on a 390 px
 * phone. E2E_SCREENSHOTS=<dir> keeps screenshots.
 */
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const SITE = 'https://www.runfuel-shop.example';
const QUERY = 'best electrolyte powder for runners';
const screenshots = process.env.E2E_SCREENSHOTS;

async function keep(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  for (const section of ['.audit-next-steps', '.audit-brand-sources', '.audit-retrieval', '.audit-memory', '.audit-sentiment', '.audit-method', '.audit-report-links']) {
    const element = page.locator(section).first();
    if ((await element.count()) > 0) await element.screenshot({ path: `${screenshots}/${name}-${section.slice(1)}.png` });
  }
}

const textOf = async (page: Page, selector: string): Promise<string> => (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();

let reportPath = '';

void describe('AI Search Audit: why and what to do', () => {
  void test('the report shows the ranked next steps, the sources behind brands, read vs cited, memory, tone, the method card and Perplexity', async () => {
    await resetSim();
    await setSimFaults({ citedSite: SITE });
    try {
      const context = await newContext(browser);
      const { page, errors } = await openPage(context, '/ai-search-audit');
      await page.getByRole('textbox', { name: 'Your question' }).fill(QUERY);
      await page.getByRole('textbox', { name: 'Brand' }).fill('Brisk');
      await page.getByRole('textbox', { name: 'Your website' }).fill('runfuel-shop.example');
      await page.getByRole('textbox', { name: 'Email' }).fill('e2e-insights@example.com');
      await page.getByRole('button', { name: 'Analyse' }).click();
      await toastText(page, 'Analysis Complete');
      await page.locator('#audit-results-title').waitFor();
      await page.waitForURL((url) => /^\/ai-search-audit\/report\/[A-Za-z0-9_-]{22}$/.test(url.pathname));
      reportPath = new URL(page.url()).pathname;

      // Perplexity answers beside the four in demo mode.
      const cards = await page.locator('.audit-model-grid .audit-model-card h3').allInnerTexts();
      assert.deepEqual(
        cards.map((title) => title.trim()),
        ['ChatGPT', 'Claude', 'Gemini', 'Grok', 'Perplexity'],
      );

      // The ranked list: every kind of step, each with its basis; the search hand-off opens Semantic Expansion.
      const steps = page.locator('.audit-next-step');
      assert.ok((await steps.count()) >= 4, `several next steps, got ${await steps.count()}`);
      const kinds = await steps.evaluateAll((items) => items.map((item) => [...item.classList].find((name) => name.startsWith('is-'))));
      for (const kind of ['is-get-listed', 'is-search-gap', 'is-read-not-cited', 'is-not-in-memory']) assert.ok(kinds.includes(kind), `${kind} in ${kinds.join(', ')}`);
      assert.equal(await page.locator('.audit-next-step-basis').count(), await steps.count());
      assert.match(await textOf(page, '.audit-next-step.is-get-listed'), /^1?\s*Get listed Get listed on [a-z.]+\.example/);
      const handOff = page.locator('.audit-next-step.is-search-gap a');
      assert.match((await handOff.getAttribute('href')) ?? '', /^\/query-fan-out\?keyword=/);
      assert.match(await textOf(page, '.audit-next-steps'), /simulated/);

      // Where competitors are cited and Brisk is not.
      assert.match(await textOf(page, '.audit-brand-sources'), /Where to get listed [a-z.]+\.example cited for .+ in \d+ answers?; never for Brisk/);
      // What was read but not cited, the visitor's product page among it.
      assert.match(await textOf(page, '.audit-retrieval'), /www\.runfuel-shop\.example\/products\/best-electrolyte-powder-for-runners Read by .+; cited by none/);
      assert.match(await textOf(page, '.audit-retrieval'), /Perplexity: \d+ sites read, \d+ cited/);
      // Memory vs search, per engine, read in one sentence.
      assert.equal(await page.locator('.audit-memory-list li').count(), 5);
      assert.match(await textOf(page, '.audit-memory'), /Perplexity Knows Brisk from memory: no Found by search: no Neither known from memory nor found by search/);
      // Tone per brand.
      assert.match(await textOf(page, '.audit-sentiment'), /\d+ positive · \d+ neutral · \d+ negative/);
      // The method card: the models that answered, when, where, in what language, how things are counted.
      const method = await textOf(page, '.audit-method');
      assert.match(method, /Asked \d{1,2} \w+ \d{4}, \d{2}:\d{2} UTC/);
      assert.match(method, /Location and language United Kingdom, en-GB/);
      assert.match(method, /Answers per engine 3 with web search, asked at once, and 1 with search off/);
      assert.match(method, /ChatGPT: gpt-5\.5 .*Perplexity: sonar/);
      assert.match(method, /A mention is an answer .* A citation is .* The range .* 95% Wilson interval/);
      // The raw answers beside the CSV, never the email.
      const json = page.getByRole('link', { name: 'Download the raw answers (JSON)' });
      const href = (await json.getAttribute('href')) ?? '';
      assert.match(href, /^\/api\/llm-query\/reports\/[A-Za-z0-9_-]{22}\.json$/);
      const raw = await fetch(site(href));
      assert.equal(raw.status, 200);
      const body = await raw.text();
      assert.ok(!body.includes('e2e-insights@example.com'));
      assert.equal(Object.keys((JSON.parse(body) as { engines: object }).engines).length, 5);

      assert.deepEqual(await seriousAxeViolations(page), []);
      assert.deepEqual(errors, []);
      await keep(page, 'audit-insights-desktop');
      await context.close();
    } finally {
      await resetSim();
    }
  });

  void test('on a 390 px phone the report reads without sideways scrolling', async () => {
    assert.ok(reportPath, 'the previous test made a report');
    const phone = await newContext(browser, { width: 390 });
    try {
      const { page, errors } = await openPage(phone, reportPath);
      await page.locator('.audit-method').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
      for (const section of ['.audit-next-steps', '.audit-brand-sources', '.audit-retrieval', '.audit-memory', '.audit-method']) {
        const width = await page.locator(section).evaluate((element) => element.getBoundingClientRect().width);
        assert.ok(width <= 390, `${section} fits the screen (${width}px)`);
      }
      assert.deepEqual(errors, []);
      await keep(page, 'audit-insights-mobile');
    } finally {
      await phone.close();
    }
  });
});
