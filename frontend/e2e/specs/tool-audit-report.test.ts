import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';
import { resetSim, setSimFaults } from '../support/model-sim-control.js';
import { newContext, openPage, seriousAxeViolations, site } from '../support/site.js';
import { toastText } from '../support/toasts.js';

/**
 * The AI Search Audit report in real Chromium through the gateway, in demo mode: who AI
 * recommends, the visitor's brand across three answers per model, the sources, and the shareable
 * report page. E2E_SCREENSHOTS=<dir> keeps screenshots of the results and the report.
 */
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const screenshots = process.env.E2E_SCREENSHOTS;
async function keepScreenshot(page: Page, name: string): Promise<void> {
  if (!screenshots) return;
  mkdirSync(screenshots, { recursive: true });
  await page.screenshot({ path: `${screenshots}/${name}.png`, fullPage: true });
  await page.screenshot({ path: `${screenshots}/${name}-first-screen.png` });
  for (const section of ['.audit-summary', '.audit-brands', '.audit-brand-visibility', '.audit-comparison', '.audit-domains', '.audit-report-links', '.audit-model-card']) {
    const element = page.locator(section).first();
    if ((await element.count()) > 0) await element.screenshot({ path: `${screenshots}/${name}-${section.slice(1)}.png` });
  }
}

const textOf = async (page: Page, selector: string): Promise<string> => (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();

async function runAudit(page: Page, fields: { query: string; brand?: string; competitors?: string; website?: string; email: string }): Promise<void> {
  await page.getByRole('textbox', { name: 'Your question' }).fill(fields.query);
  if (fields.brand !== undefined) await page.getByRole('textbox', { name: 'Brand' }).fill(fields.brand);
  if (fields.competitors !== undefined) await page.getByRole('textbox', { name: 'Competitors' }).fill(fields.competitors);
  if (fields.website !== undefined) await page.getByRole('textbox', { name: 'Your website' }).fill(fields.website);
  await page.getByRole('textbox', { name: 'Email' }).fill(fields.email);
  await page.getByRole('button', { name: 'Analyse' }).click();
  await toastText(page, 'Analysis Complete');
  await page.locator('#audit-results-title').waitFor();
  // The results are at the report's own address.
  await page.waitForURL((url) => /^\/ai-search-audit\/report\/[A-Za-z0-9_-]{22}$/.test(url.pathname));
}

const EMAIL = 'e2e-report-reader@example.com';
let reportUrl = '';

void describe('AI Search Audit report', () => {
  void test('an audit for Brand X shows who AI recommends instead, where each model put Brand X across three answers, the sources and a link', async () => {
    await resetSim();
    await setSimFaults({ citedSite: 'https://www.brandx-shop.example' });
    try {
      const context = await newContext(browser);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: e2eStack.gatewayUrl });
      const { page, errors } = await openPage(context, '/ai-search-audit');
      assert.match(await textOf(page, '.demo-banner'), /Demo mode: simulated answers/);
      await runAudit(page, { query: 'best electrolyte powder for runners', brand: 'Brand X', website: 'brandx-shop.example', email: EMAIL });

      // Who AI recommends instead: a table of brands by model, "answers naming it / answers".
      const table = page.locator('.audit-brands-table');
      assert.equal(await page.getByRole('heading', { name: 'Brands AI recommends' }).count(), 1);
      const rows = await table.locator('tbody tr').count();
      assert.ok(rows >= 3, `expected several brands, got ${rows}`);
      assert.match(await textOf(page, '.audit-brands-table tbody tr'), /\d\/3/);
      // Brand X across every answer (five engines in demo mode, Perplexity too): 0 of 15, a 95%
      // range, per model "not named in 3 answers".
      assert.match(await textOf(page, '.audit-brand-visibility'), /Brand X across every answer Mentioned in 0 of 15 answers simulated 95% range 0%–20%/);
      assert.match(await textOf(page, '.audit-brand-visibility .audit-engine-positions'), /ChatGPT Not named in 3 answers Claude Not named in 3 answers/);
      // "simulated" beside every score.
      assert.equal(await page.locator('.audit-summary .simulated-tag').count(), 2);
      // The sources, most cited first, the visitor's own site marked, and which models cited it.
      assert.match(await textOf(page, '.audit-domains'), /brandx-shop\.example Your site \d+ citations/);
      assert.match(await textOf(page, '.audit-domains .audit-engine-positions'), /ChatGPT Cited your site/);
      // Each model's card says how many answers it gave; the others are folded under the first.
      assert.equal(await page.locator('.audit-model-card .audit-runs', { hasText: '3 answers' }).count(), 5);
      assert.equal(await page.locator('details.audit-other-answers').count(), 5);
      assert.ok((await page.locator('.audit-answer mark.is-brand').count()) > 4);

      await keepScreenshot(page, 'audit-results-desktop');
      // Copy link puts the report's full address on the clipboard.
      await page.getByRole('button', { name: 'Copy link' }).click();
      await page.getByText('Link copied.').waitFor();
      reportUrl = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(reportUrl, new RegExp(`^${e2eStack.gatewayUrl}/ai-search-audit/report/[A-Za-z0-9_-]{22}$`));
      assert.equal(await page.locator('a.audit-report-url').getAttribute('href'), new URL(reportUrl).pathname);
      assert.deepEqual(errors, []);

      await page.setViewportSize({ width: 390, height: 844 });
      await keepScreenshot(page, 'audit-results-mobile');
      await context.close();
    } finally {
      await resetSim();
    }
  });

  void test('the link opens the report on the server, after a reload too: dated, noindex, naming each model, with its CSV', async () => {
    assert.ok(reportUrl, 'the previous test made a report');
    const path = new URL(reportUrl).pathname;
    const raw = await fetch(site(path));
    assert.equal(raw.status, 200);
    const html = await raw.text();
    // Rendered on the server: the query, the date, the models and noindex are in the HTML itself.
    assert.match(html, /<meta name="robots" content="noindex, follow"/);
    assert.match(html, /best electrolyte powder for runners/);
    assert.match(html, /Asked on <time dateTime="\d{4}-/i);
    assert.match(html, /ChatGPT \(gpt-5\.5\)/);
    assert.ok(!html.includes(EMAIL), 'the report never shows the email');

    const context = await newContext(browser);
    const { page, errors, status } = await openPage(context, path);
    assert.equal(status, 200);
    assert.match(await textOf(page, '.demo-banner'), /Demo mode/);
    assert.match(await textOf(page, '.audit-report-meta'), /Asked on \d{1,2} \w+ \d{4} Brand: Brand X Website: https:\/\/brandx-shop\.example\/ 3 answers from each of ChatGPT \(gpt-5\.5\), Claude \(/);
    assert.match(await textOf(page, '.audit-brand-visibility'), /Mentioned in 0 of 15 answers/);
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    assert.match(await textOf(page, '.audit-brand-visibility'), /Mentioned in 0 of 15 answers/);
    await keepScreenshot(page, 'audit-report-desktop');

    // The CSV behind "Download CSV": answers, brand rows and citations, never the email.
    const csvHref = await page.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
    const csv = await fetch(site(csvHref!));
    assert.equal(csv.status, 200);
    assert.equal(csv.headers.get('content-type'), 'text/csv; charset=utf-8');
    const bytes = Buffer.from(await csv.arrayBuffer());
    // UTF-8 with its byte-order mark, so Excel does not read "£" as "Â£".
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString('utf8');
    const lines = text.trim().split('\r\n');
    assert.equal(
      lines[0],
      '"section","engine","model","answer","position","brand","answers naming it","answers","visibility %","range low %","range high %","share of voice %","average position","first position","url","title","text"',
    );
    // The headline figures first: Brand X in 0 of 15 answers, and whether the site was cited.
    assert.ok(lines.some((line) => line.startsWith('"visibility","","","","","Brand X","0","15","0","0","20","0"')));
    assert.ok(lines.some((line) => line.startsWith('"site cited",') && line.endsWith('"yes, by ChatGPT, Claude, Gemini, Grok, Perplexity"')));
    assert.equal(lines.filter((line) => line.startsWith('"answer",')).length, 15);
    assert.ok(lines.some((line) => line.startsWith('"brand","Claude"')));
    assert.ok(lines.some((line) => line.startsWith('"citation",') && line.endsWith('"your site"')));
    assert.ok(!text.includes(EMAIL));
    assert.deepEqual(errors, []);

    // The report page's own address with ".csv" is the same file, through the gateway and from the web process itself.
    for (const base of [e2eStack.gatewayUrl, `http://127.0.0.1:${e2eStack.webPort}`]) {
      const sameFile = await fetch(`${base}${path}.csv`);
      assert.equal(sameFile.status, 200, base);
      assert.equal(sameFile.headers.get('content-type'), 'text/csv; charset=utf-8');
      assert.match(sameFile.headers.get('content-disposition') ?? '', /^attachment; filename="ai-search-audit-[A-Za-z0-9_-]{22}\.csv"$/);
      assert.ok(Buffer.from(await sameFile.arrayBuffer()).equals(bytes), `${base}: the same bytes as the API's CSV`);
    }
    assert.equal((await fetch(site('/ai-search-audit/report/AAAAAAAAAAAAAAAAAAAAAA.csv'))).status, 404);

    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'audit-report-mobile');
    await context.close();
  });

  void test('the results stay at their own address: a reload and Back keep them, Back again returns to the form', async () => {
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/ai-search-audit');
    await runAudit(page, { query: 'best oat milk for coffee', brand: 'Brand X', email: EMAIL });
    const reportPath = new URL(page.url()).pathname;
    const figures = await textOf(page, '.audit-summary .audit-stats');
    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    assert.equal(new URL(page.url()).pathname, reportPath);
    assert.equal(await textOf(page, '.audit-summary .audit-stats'), figures);
    await page.goBack();
    await page.getByRole('heading', { name: 'Check your AI visibility' }).waitFor();
    assert.equal(new URL(page.url()).pathname, '/ai-search-audit');
    await page.goForward();
    await page.locator('#audit-results-title').waitFor();
    assert.equal(new URL(page.url()).pathname, reportPath);
    assert.equal(await textOf(page, '.audit-summary .audit-stats'), figures);
    // A new analysis from the report page makes a new report at a new address.
    await page.getByRole('textbox', { name: 'Your question' }).fill('best oat milk for tea');
    assert.equal(await page.getByRole('textbox', { name: 'Email' }).inputValue(), '', 'a reload forgets the email');
    await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.waitForURL((url) => url.pathname !== reportPath && url.pathname.startsWith('/ai-search-audit/report/'));
    await page.locator('.audit-results-query', { hasText: 'best oat milk for tea' }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('competitors are measured beside the brand in the summary, the brand table and a comparison, and kept by the report', async () => {
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/ai-search-audit');
    await page.getByRole('textbox', { name: 'Competitors' }).fill('A, B, C, D, E, F');
    assert.match(await textOf(page, '#audit-competitors-error'), /Name at most 5 competitors \(you have 6\)\./);
    // The most named brand of the answers is a competitor worth measuring.
    await runAudit(page, { query: 'best electrolyte powder for runners', brand: 'Brand X', competitors: 'Nobody Co', email: EMAIL });
    const top = (await page.locator('.audit-brands-table tbody tr th').first().innerText()).replace(/\s+/g, ' ').trim();
    await page.getByRole('textbox', { name: 'Your question' }).fill('best electrolyte powder for runners');
    await page.getByRole('textbox', { name: 'Competitors' }).fill(`${top}, Nobody Co`);
    await page.getByRole('button', { name: 'Analyse' }).click();
    await page.getByText(`Competitors: ${top}, Nobody Co`).waitFor();
    const scores = await textOf(page, '.audit-competitor-scores');
    assert.match(scores, new RegExp(`${top} \\d+% named in [1-9]\\d* of 15 answers`));
    assert.match(scores, /Nobody Co 0% named in 0 of 15 answers/);
    const comparison = page.locator('.audit-comparison-table tbody tr');
    assert.deepEqual(
      (await comparison.locator('th').allInnerTexts()).map((name) => name.trim()),
      ['Brand X', top, 'Nobody Co'],
    );
    // The brand table marks the competitors' rows, one never named included.
    assert.equal(await page.locator('.audit-brands .audit-brands-table tr.is-competitor').count(), 2);
    assert.equal(await page.getByRole('textbox', { name: 'Competitors' }).inputValue(), `${top}, Nobody Co`);
    // The hint says a comma in the brand field is another name of the same brand.
    assert.match(await textOf(page, '#audit-again-brand-hint'), /If it also goes by another name, add that after a comma/);
    await keepScreenshot(page, 'audit-competitors-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await keepScreenshot(page, 'audit-competitors-mobile');
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('on a phone the brand table says it scrolls sideways and can be scrolled from the keyboard', async () => {
    assert.ok(reportUrl, 'the first test made a report');
    const context = await newContext(browser, { width: 390 });
    const { page, errors } = await openPage(context, new URL(reportUrl).pathname);
    const region = page.getByRole('region', { name: 'Brands by model' });
    assert.equal(await region.getAttribute('tabindex'), '0');
    await page.locator('.audit-brands .audit-scroll-cue').waitFor();
    await region.focus();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => (document.querySelector('.audit-brands .audit-table-scroll')?.scrollLeft ?? 0) > 0);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('without a brand: no score of anyone, the brands AI recommends and an invitation to add yours', async () => {
    const context = await newContext(browser);
    const { page, errors } = await openPage(context, '/ai-search-audit');
    await runAudit(page, { query: 'best trail running shoes', email: EMAIL });
    assert.equal(await page.locator('.audit-score').count(), 0);
    assert.equal(await page.getByText('Visibility score', { exact: true }).count(), 0);
    assert.equal(await page.getByRole('heading', { name: 'Brands AI recommends for this question' }).count(), 1);
    assert.match(await textOf(page, '.audit-summary'), /Add your brand to the form to see how often, and where, each model names it\./);
    assert.equal(await page.locator('.audit-brand-visibility').count(), 0);
    assert.deepEqual(errors, []);
    await context.close();
  });

  void test('an unknown report is a 404 page; answered cards move above waiting ones on a phone', async () => {
    const missing = await fetch(site('/ai-search-audit/report/AAAAAAAAAAAAAAAAAAAAAA'));
    assert.equal(missing.status, 404);
    assert.match(await missing.text(), /Report Not Found/);

    await setSimFaults({ openai: { latencyMs: 4000 }, anthropic: { latencyMs: 4000 } });
    try {
      const context = await newContext(browser, { width: 390 });
      const { page } = await openPage(context, '/ai-search-audit');
      await page.getByRole('textbox', { name: 'Your question' }).fill('best reusable water bottle');
      await page.getByRole('textbox', { name: 'Email' }).fill(EMAIL);
      await page.getByRole('button', { name: 'Analyse' }).click();
      // Gemini and Grok answer at once; ChatGPT and Claude (listed first) are still waiting.
      await page.locator('.audit-live .audit-model-card.is-active').nth(1).waitFor();
      const tops = await page.locator('.audit-live .audit-model-card').evaluateAll((cards) =>
        cards.map((card) => ({ label: card.querySelector('h3')?.textContent, waiting: card.classList.contains('is-waiting'), top: card.getBoundingClientRect().top })),
      );
      const byPosition = [...tops].sort((a, b) => a.top - b.top);
      assert.deepEqual(
        byPosition.map((card) => card.waiting),
        [false, false, true, true],
        JSON.stringify(byPosition),
      );
      assert.match(await textOf(page, '.audit-live-status'), /of 12 answers in/);
      await toastText(page, 'Analysis Complete');
      await context.close();
    } finally {
      await resetSim();
    }
  });

  void test('the demo banner is on every tool page while demo mode is on', async () => {
    const context = await newContext(browser);
    for (const path of ['/ai-search-audit', '/query-fan-out', '/ai-image-reader', '/amazon-rufus-radar']) {
      const { page } = await openPage(context, path);
      assert.match(await textOf(page, '.demo-banner'), /Demo mode: simulated answers/, path);
      await page.close();
    }
    // The FAQ says where the answers come from in demo mode.
    const { page } = await openPage(context, '/faq');
    assert.match(await page.content(), /On this demonstration site the answers do not come from the models/);
    await context.close();
  });
});
