import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { IMAGE_MAX_BYTES } from '@agency/shared';
import type { Page } from 'playwright-core';
import { withSimFaults } from '../support/sim-faults.js';
import { fetchRaw, newContext, openPage, seriousAxeViolations, site, useSuiteBrowser } from '../support/site.js';
import { packshotPng, solidPng } from '../support/test-images.js';
import { toastText } from '../support/toasts.js';

const MODELS = ['ChatGPT', 'Claude', 'Gemini', 'Grok'];
const product = { name: 'greenfuel-pack.png', mimeType: 'image/png', buffer: solidPng(64, 48, [47, 125, 79]) };

const fileInput = (page: Page) => page.locator('input[type="file"]');
const analyse = (page: Page) => page.getByRole('button', { name: /^(Analyse Image|Analysing\.\.\.)$/ });

function modelCard(page: Page, label: string) {
  return page.locator('.model-card', { has: page.getByRole('heading', { name: label, exact: true }) });
}

async function chooseAndAnalyse(page: Page): Promise<void> {
  await fileInput(page).setInputFiles(product);
  await page.getByRole('textbox', { name: 'Email' }).fill('owner@greenfuel.example');
  await analyse(page).click();
}

async function waitForResults(page: Page): Promise<void> {
  await page.locator('#image-results-title:focus').waitFor({ timeout: 60_000 });
}

void describe('AI Image Reader (/ai-image-reader) in a browser, demo mode', () => {
  const suite = useSuiteBrowser();

  void test('the analyse button needs both a file and an email', async () => {
    const { page, errors } = await openPage(suite.context, '/ai-image-reader');
    assert.equal(await analyse(page).isDisabled(), true, 'nothing chosen');
    await page.getByRole('textbox', { name: 'Email' }).fill('owner@greenfuel.example');
    assert.equal(await analyse(page).isDisabled(), true, 'email only');
    await page.getByRole('textbox', { name: 'Email' }).fill('');
    await fileInput(page).setInputFiles(product);
    assert.equal(await analyse(page).isDisabled(), true, 'file only');
    await page.getByRole('textbox', { name: 'Email' }).fill('owner@greenfuel.example');
    assert.equal(await analyse(page).isEnabled(), true, 'file and email');

    const preview = page.getByRole('img', { name: `Preview of ${product.name}` });
    assert.match((await preview.getAttribute('src')) ?? '', /^blob:/);
    assert.equal(await preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), 64);

    await page.getByRole('textbox', { name: 'Email' }).fill('owner-at-greenfuel');
    await analyse(page).click();
    assert.match(await toastText(page, 'Invalid Email'), /Please provide a valid email address\./);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('an image of 10MB or more is refused with an alert, and the earlier choice is kept', async () => {
    const { page } = await openPage(suite.context, '/ai-image-reader');
    await fileInput(page).setInputFiles(product);
    await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(IMAGE_MAX_BYTES) });
    const alert = page.getByRole('alertdialog');
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Please select an image smaller than 10MB/);
    const ok = alert.getByRole('button', { name: 'OK' });
    assert.equal(await ok.evaluate((button) => button === document.activeElement), true, 'focus is on OK');
    await page.keyboard.press('Enter');
    await alert.waitFor({ state: 'detached' });
    assert.equal(await page.getByRole('img', { name: `Preview of ${product.name}` }).count(), 1);

    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await alert.waitFor();
    assert.match((await alert.textContent()) ?? '', /Please select a JPG, PNG, GIF or WebP image\./);
    await ok.click();
    await page.close();
  });

  void test('from upload to four models, each with at most three findings', async () => {
    const { page, errors } = await openPage(suite.context, '/ai-image-reader');
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/analyze-image')) sent.push(request.postData() ?? '');
    });
    // Slow models, so the waiting cards are there to see.
    await withSimFaults({ default: { latencyMs: 1500 } }, async () => {
      await chooseAndAnalyse(page);
      await page.getByRole('button', { name: 'Analysing...' }).waitFor();
      assert.match((await page.locator('.tool-status').textContent()) ?? '', /^Analysing\.\.\./);
      for (const label of MODELS) assert.equal((await modelCard(page, label).locator('.badge').textContent())?.trim(), 'Waiting', label);
      await waitForResults(page);
    });
    const body = JSON.parse(sent[0] ?? '{}') as { imageBase64: string; email: string };
    assert.equal(body.email, 'owner@greenfuel.example');
    assert.equal(body.imageBase64, product.buffer.toString('base64'), 'base64 without a data: prefix');

    for (const label of MODELS) {
      const card = modelCard(page, label);
      assert.equal((await card.locator('.badge').textContent())?.trim(), 'Answered', label);
      const findings = (await card.locator('.finding-list li').allTextContents()).map((text) => text.trim());
      assert.ok(findings.length >= 1 && findings.length <= 3, `${label} shows 1 to 3 findings`);
      assert.match(findings[0] ?? '', new RegExp(`^Simulated ${label} reading \\(demo mode\\): `));
      assert.doesNotMatch(findings.join(' '), /\bKB\b|bytes|image\/jpeg/, 'no file-size finding');
    }
    // A small, plain-colour picture: it fails on background and zoom, with the figures.
    const checks = page.locator('.main-image-checks');
    assert.match((await checks.locator('h3').textContent()) ?? '', /Amazon main image: 1 of 4 checks passed/);
    assert.match((await checks.textContent()) ?? '', /0% of the border is pure white/);
    assert.match((await checks.textContent()) ?? '', /64 px on the long edge/);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('a white packshot: the picture beside the results, what each model reads on the label, and all four main-image checks passed', async () => {
    const { page, errors } = await openPage(suite.context, '/ai-image-reader');
    const packshot = { name: 'greenfuel-packshot.png', mimeType: 'image/png', buffer: packshotPng(1200, 0.9, [31, 107, 58]) };
    await fileInput(page).setInputFiles(packshot);
    await page.getByRole('textbox', { name: 'Email' }).fill('owner@greenfuel.example');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/analyze-image'), { timeout: 90_000 });
    await analyse(page).click();
    await waitForResults(page);
    const answer = (await (await answered).json()) as { readings: Record<string, { product: string; labelText: string[] }>; disagreement?: string; altText: string };

    const picture = page.locator('.image-report-picture img');
    assert.match((await picture.getAttribute('src')) ?? '', /^blob:/);
    assert.equal(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth), 1200);
    assert.equal(await picture.getAttribute('alt'), answer.altText);
    assert.equal(await page.locator('.image-alt-text .simulated-tag').textContent(), 'simulated', 'demo mode marks the suggested alt text');
    assert.equal(await page.locator('.image-alt-text p').nth(1).textContent(), answer.altText);

    const checks = page.locator('.main-image-checks');
    assert.match((await checks.locator('h3').textContent()) ?? '', /Amazon main image: 4 of 4 checks passed/);
    assert.equal(await checks.locator('.badge', { hasText: 'Pass' }).count(), 4);
    const checkText = (await checks.textContent()) ?? '';
    for (const figure of [/100% of the border is pure white/, /9\d% of the frame/, /1,200 px on the long edge/, /Accepted file type: PNG/]) assert.match(checkText, figure);

    const keys: Record<string, string> = { ChatGPT: 'openai', Claude: 'anthropic', Gemini: 'gemini', Grok: 'grok' };
    for (const label of MODELS) {
      const reading = answer.readings[keys[label]!]!;
      const shown = (await modelCard(page, label).locator('.image-reading').textContent()) ?? '';
      assert.ok(shown.includes(reading.product), `${label} names the product`);
      for (const line of reading.labelText) assert.ok(shown.includes(line), `${label} shows the label text "${line}"`);
    }
    const products = new Set(Object.values(answer.readings).map((reading) => reading.product));
    assert.equal(await page.locator('.image-disagreement').count(), products.size > 1 ? 1 : 0);
    if (answer.disagreement) assert.equal(((await page.locator('.image-disagreement').textContent()) ?? '').trim(), answer.disagreement);
    assert.deepEqual(await seriousAxeViolations(page), []);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('the analysis has a shareable report page and a CSV, which show neither the email nor the image', async () => {
    const { page, errors } = await openPage(suite.context, '/ai-image-reader');
    const answered = page.waitForResponse((response) => response.url().endsWith('/api/analyze-image'), { timeout: 90_000 });
    await chooseAndAnalyse(page);
    await waitForResults(page);
    const answer = (await (await answered).json()) as { reportId: string; reportUrl: string; altText: string };
    const links = page.getByRole('region', { name: 'Share this report' });
    assert.equal(await links.getByRole('link', { name: answer.reportUrl }).getAttribute('href'), answer.reportUrl);
    assert.equal(await links.getByRole('link', { name: 'Download CSV' }).getAttribute('href'), `/api/analyze-image/reports/${answer.reportId}.csv`);
    assert.deepEqual(errors, []);
    await page.close();

    const report = await fetchRaw(answer.reportUrl);
    assert.equal(report.status, 200);
    assert.equal(report.meta('robots'), 'noindex, follow');
    assert.equal(report.h1, 'What four AI models see in this image');
    assert.ok(report.html.includes(answer.altText), 'the alt text is in the server-rendered page');
    assert.ok(report.html.includes('simulated'), 'demo mode says so');
    assert.ok(!report.html.includes('owner@greenfuel.example'), 'never the email');
    assert.ok(!/<img[^>]+(blob:|data:image)/.test(report.html), 'never the image');

    const csv = await fetch(site(`/api/analyze-image/reports/${answer.reportId}.csv`));
    assert.equal(csv.status, 200);
    assert.match(csv.headers.get('content-type') ?? '', /^text\/csv/);
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    assert.ok(text.startsWith('\uFEFF"section","model","item","text"'), text.slice(0, 60));
    assert.ok(!text.includes('owner@greenfuel.example'));

    const missing = await fetchRaw('/ai-image-reader/report/AAAAAAAAAAAAAAAAAAAAAA');
    assert.equal(missing.status, 404);
    assert.equal(missing.h1, 'Report Not Found');
  });

  void test('one model failing: its card says so and the other three answer', async () => {
    await withSimFaults({ xai: { status: 500 } }, async () => {
      const { page } = await openPage(suite.context, '/ai-image-reader');
      await chooseAndAnalyse(page);
      await waitForResults(page);
      const grok = modelCard(page, 'Grok');
      assert.equal((await grok.locator('.badge').textContent())?.trim(), 'Failed');
      assert.match((await grok.locator('.model-message').textContent()) ?? '', /^Analysis failed/);
      for (const label of ['ChatGPT', 'Claude', 'Gemini']) {
        assert.equal((await modelCard(page, label).locator('.badge').textContent())?.trim(), 'Answered', label);
      }
      await page.close();
    });
  });

  void test('cards turn from waiting to answered live; a hanging model gives up and says so', async () => {
    await withSimFaults({ default: { latencyMs: 300 }, gemini: { latencyMs: 2500 }, xai: { hang: true } }, async () => {
      const { page } = await openPage(suite.context, '/ai-image-reader');
      await chooseAndAnalyse(page);
      const badge = (label: string) => modelCard(page, label).locator('.badge');
      // Progress, before the POST answers: the quick models have answered, Gemini and Grok are still out.
      await badge('ChatGPT').filter({ hasText: 'Answered' }).waitFor();
      assert.equal((await badge('Gemini').textContent())?.trim(), 'Waiting');
      assert.equal((await badge('Grok').textContent())?.trim(), 'Waiting');
      assert.equal(await page.getByRole('button', { name: 'Analysing...' }).count(), 1);
      assert.match((await modelCard(page, 'ChatGPT').locator('.finding-list li').first().textContent()) ?? '', /^Simulated ChatGPT reading/);
      await badge('Gemini').filter({ hasText: 'Answered' }).waitFor();
      assert.match((await page.locator('.tool-status').textContent()) ?? '', /3 of 4 models have answered/);
      assert.equal((await badge('Grok').textContent())?.trim(), 'Waiting');

      await waitForResults(page);
      assert.equal((await badge('Grok').textContent())?.trim(), 'Failed');
      assert.match((await modelCard(page, 'Grok').locator('.model-message').textContent()) ?? '', /^Analysis failed/);
      await page.close();
    });
  });

  void test("a file the service cannot read fails the whole request with the service's reason", async () => {
    const { page } = await openPage(suite.context, '/ai-image-reader');
    await fileInput(page).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('this is not really a png file') });
    await page.getByRole('textbox', { name: 'Email' }).fill('owner@greenfuel.example');
    await analyse(page).click();
    assert.match(await toastText(page, 'Analysis Failed'), /^Analysis Failed.*not a JPEG, PNG, GIF or WebP image/);
    assert.equal(await page.locator('.tool-results').count(), 0);
    assert.equal(await analyse(page).isEnabled(), true);
    await page.close();
  });

  void test('on a phone the model cards fit the screen', async () => {
    const phone = await newContext(suite.browser, { width: 390 });
    try {
      const { page } = await openPage(phone, '/ai-image-reader');
      await chooseAndAnalyse(page);
      await waitForResults(page);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `no sideways scrolling (${overflow}px too wide)`);
    } finally {
      await phone.close();
    }
  });
});
