import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { CrawlerLogAnalysisRecord } from '@agency/shared';
import type { Page } from 'playwright-core';
import { adminList, openTab, record, signIn } from '../support/admin-console.js';
import { e2eStack } from '../support/e2e-env.js';
import { newContext, openPage, seriousAxeViolations, useSuiteBrowser } from '../support/site.js';
import { startTestSite, type TestSite } from '../support/test-site.js';

const GPTBOT = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.2; +https://openai.com/gptbot';
const PERPLEXITY = 'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)';
const BROWSER = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15';
const email = 'webmaster@crawler-e2e.example';

/** Nine days of a small shop's log: GPTBot from its own addresses and once from elsewhere, PerplexityBot, browsers, one broken line. */
const LOG = [
  ...Array.from({ length: 9 }, (_, day) => `20.171.206.${day + 1} - - [${String(day + 1).padStart(2, '0')}/Oct/2025:10:00:00 +0000] "GET /products/${day % 3} HTTP/1.1" 200 4000 "-" "${GPTBOT}"`),
  `198.51.100.23 - - [04/Oct/2025:11:00:00 +0000] "GET /checkout HTTP/1.1" 403 120 "-" "${GPTBOT}"`,
  `107.20.236.150 - - [05/Oct/2025:12:00:00 +0000] "GET /products/1 HTTP/1.1" 200 4000 "-" "${PERPLEXITY}"`,
  `203.0.113.7 - - [05/Oct/2025:12:30:00 +0000] "GET /delivery-and-returns HTTP/2.0" 200 2500 "-" "${BROWSER}"`,
  `203.0.113.7 - - [05/Oct/2025:12:30:02 +0000] "GET /products/0 HTTP/2.0" 200 4000 "-" "${BROWSER}"`,
  'a broken line',
].join('\n');

const shotDir = `${e2eStack.runDir}/screenshots`;

async function analyse(page: Page, site: string): Promise<void> {
  await page.locator('#crawler-log-file').setInputFiles({ name: 'shop-access.log', mimeType: 'text/plain', buffer: Buffer.from(LOG) });
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Your site (optional)' }).fill(site);
  await page.getByRole('button', { name: 'Analyse Log' }).click();
  await page.locator('#crawler-results-title:focus').waitFor({ timeout: 60_000 });
}

void describe('AI Crawler Log Analyzer (/ai-crawler-log-analyzer) in a browser', () => {
  const suite = useSuiteBrowser();
  let shop: TestSite;
  before(async () => {
    mkdirSync(shotDir, { recursive: true });
    shop = await startTestSite({ '/robots.txt': 'User-agent: GPTBot\nDisallow: /checkout\n\nUser-agent: *\nAllow: /\n', '/': '<h1>Shop</h1>' });
  });
  after(() => shop.close());

  void test('upload, the report (agents, impostors, pages, robots lines), its CSV, and the record in the admin', async () => {
    const { page, errors } = await openPage(suite.context, '/ai-crawler-log-analyzer');
    assert.equal(await page.getByRole('heading', { level: 1 }).textContent(), 'Which AI crawlers read your site?');
    assert.equal(await page.getByRole('button', { name: 'Analyse Log' }).isDisabled(), true);
    await analyse(page, shop.url);

    const agents = page.getByRole('table', { name: 'AI crawlers', exact: true });
    const gptbot = agents.getByRole('row').filter({ hasText: 'GPTBot' });
    const gptbotText = (await gptbot.textContent()) ?? '';
    assert.match(gptbotText, /OpenAI/);
    assert.match(gptbotText, /9 verified/);
    assert.match(gptbotText, /1 impostors/);
    assert.match(gptbotText, /200 × 9, 403 × 1/);
    assert.match((await agents.getByRole('row').filter({ hasText: 'PerplexityBot' }).textContent()) ?? '', /1 verified/);
    assert.match((await page.locator('.crawler-impostors').textContent()) ?? '', /GPTBot: 1 of 10 requests came from addresses OpenAI does not publish \(198\.51\.100\.23 × 1\)/);
    const neverRead = await page.getByRole('table', { name: 'Pages AI crawlers never read' }).locator('tbody td.crawler-path').allTextContents();
    assert.deepEqual(neverRead, ['/delivery-and-returns']);
    const topPages = await page.getByRole('table', { name: 'Pages AI crawlers read most' }).locator('tbody tr').first().textContent();
    assert.match(topPages ?? '', /^\/products\/1\s*4$/);
    const robots = page.locator('.crawler-robots-group').filter({ has: page.getByRole('heading', { name: /^GPTBot/ }) });
    assert.match((await robots.locator('pre').textContent()) ?? '', /User-agent: GPTBot\nDisallow: \/checkout/);
    assert.match((await page.locator('.crawler-stats').textContent()) ?? '', /Requests read13.*Lines skipped1/);
    await page.locator('.crawler-chart canvas').waitFor();

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
    assert.match(download.suggestedFilename(), /^ai-crawler-log-[A-Za-z0-9_-]+\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    assert.match(csv, /"agent","GPTBot","OpenAI","","10","9","1","4",/);
    assert.match(csv, /"never-read-by-ai","","","\/delivery-and-returns","1"/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    await page.screenshot({ path: `${shotDir}/crawler-log-desktop.png`, fullPage: true });

    // The report's link opens the same report.
    const link = await page.getByRole('link', { name: 'Link to this report' }).getAttribute('href');
    assert.match(link ?? '', /^\/ai-crawler-log-analyzer\?report=/);
    const { page: shared } = await openPage(suite.context, link!);
    await shared.getByRole('table', { name: 'AI crawlers', exact: true }).waitFor();
    assert.match((await shared.getByRole('table', { name: 'AI crawlers', exact: true }).textContent()) ?? '', /GPTBot/);
    assert.deepEqual(errors, []);
    await shared.close();
    await page.close();

    const stored = (await adminList<CrawlerLogAnalysisRecord>('/api/admin/crawler-log-analyses')).find((item) => item.email === email);
    assert.ok(stored, 'the analysis is stored');
    const admin = await signIn(suite.context);
    const panel = await openTab(admin.page, 'Crawler Logs');
    const row = record(panel, `Log analysis #${stored.id}`);
    assert.match((await row.textContent()) ?? '', /shop-access\.log.*13 requests.*11 from AI crawlers.*GPTBot: 10/);
    await row.getByRole('button', { name: `Open log analysis #${stored.id}` }).click();
    const dialog = admin.page.getByRole('dialog');
    await dialog.getByRole('table', { name: 'AI crawlers', exact: true }).waitFor();
    assert.match((await dialog.textContent()) ?? '', /1 impostors/);
    await admin.page.screenshot({ path: `${shotDir}/crawler-log-admin-dialog.png` });
    await admin.page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'Analyse the gateway log' }).click();
    await panel.locator('.admin-gateway-log .crawler-stats').waitFor({ timeout: 30_000 });
    assert.match((await panel.locator('.admin-gateway-log .crawler-stats').textContent()) ?? '', /Requests read[1-9]/);
    await admin.page.screenshot({ path: `${shotDir}/crawler-log-admin.png`, fullPage: true });
    assert.deepEqual(admin.errors, []);
    await admin.page.close();
  });

  void test('a 390 px phone: the report fits the screen, tables scroll inside their own box', async () => {
    const phone = await newContext(suite.browser, { width: 390 });
    const { page, errors } = await openPage(phone, '/ai-crawler-log-analyzer');
    await analyse(page, '');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0, 'no sideways scrolling of the page');
    await page.locator('.crawler-chart canvas').waitFor();
    await page.screenshot({ path: `${shotDir}/crawler-log-phone.png`, fullPage: true });
    for (const [name, selector] of [['form', '#crawler-form-title'], ['summary', '#crawler-results-title'], ['agents', '.crawler-chart'], ['pages', '.crawler-impostors']] as const) {
      await page.locator(selector).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      await page.screenshot({ path: `${shotDir}/crawler-log-phone-${name}.png` });
    }
    assert.deepEqual(errors, []);
    await phone.close();
  });

  void test('a file that is not a log is refused with a readable message', async () => {
    const { page } = await openPage(suite.context, '/ai-crawler-log-analyzer');
    await page.locator('#crawler-log-file').setInputFiles({ name: 'photo.log', mimeType: 'application/octet-stream', buffer: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.alloc(4096)]) });
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('button', { name: 'Analyse Log' }).click();
    await page.locator('.form-error', { hasText: 'The file is not a text access log' }).waitFor({ timeout: 30_000 });
    await page.close();
  });
});
