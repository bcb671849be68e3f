import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { resetSim, setSimFaults } from '../support/model-sim-control.js';
import { newContext, openPage } from '../support/site.js';
import { toastText } from '../support/toasts.js';

/**
 * The audit when the engines' answers do not end normally, set on the simulator as the real APIs
 * send them: Claude pauses its turn (the tools continue it), Gemini is cut off by its length limit
 * and ChatGPT declines. The cards and the report's counts say so.
 */
let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
});

const textOf = async (page: Page, selector: string): Promise<string> => (await page.locator(selector).first().innerText()).replace(/\s+/g, ' ').trim();

function card(page: Page, label: string) {
  return page.locator('.audit-model-grid:not(.audit-live-grid) .audit-model-card', { has: page.getByRole('heading', { name: label, exact: true }) });
}

async function checkCards(page: Page): Promise<void> {
  const claude = card(page, 'Claude');
  assert.equal((await claude.locator('.audit-status').innerText()).trim(), 'Answered');
  const claudeAnswer = await claude.locator('.audit-answer').first().innerText();
  assert.match(claudeAnswer, /Simulated Claude answer/);
  assert.doesNotMatch(claudeAnswer, /I'll search/);
  assert.equal(await claude.locator('.audit-cut-off').count(), 0);

  const gemini = card(page, 'Gemini');
  assert.equal((await gemini.locator('.audit-status').innerText()).trim(), 'Answered');
  assert.match(await gemini.locator('.audit-answer').first().innerText(), /\[…\]$/);
  assert.match(await gemini.locator('.audit-cut-off').innerText(), /^Cut off: this answer stopped at the model’s length limit/);
  const suggestions = gemini.locator('iframe[title="Google Search suggestions"]');
  assert.equal(await suggestions.getAttribute('sandbox'), 'allow-popups allow-popups-to-escape-sandbox');
  assert.match((await suggestions.getAttribute('srcdoc')) ?? '', /class="chip"/);

  const chatgpt = card(page, 'ChatGPT');
  assert.equal((await chatgpt.locator('.audit-status').innerText()).trim(), 'Declined to answer');
  assert.equal((await chatgpt.locator('.audit-model-message').innerText()).trim(), 'ChatGPT declined to answer this question.');

  const counts = await textOf(page, '.audit-ending-counts');
  assert.match(counts, /Only complete answers are counted/);
  assert.match(counts, /ChatGPT: 0 answers complete, 3 declined to answer\./);
  assert.match(counts, /Gemini: 0 answers complete, 3 cut off\./);
  assert.doesNotMatch(counts, /Claude|Grok|Perplexity/);
  // Only Claude's, Grok's and (in demo mode) Perplexity's complete answers are measured.
  assert.match(await textOf(page, '.audit-brand-visibility'), /of 9 answers/);
}

void describe('AI Search Audit endings', () => {
  void test('a paused Claude, a cut-off Gemini and a declining ChatGPT: the right cards and counts, on the results and on the report', async () => {
    await resetSim();
    await setSimFaults({ anthropic: { ending: 'paused' }, gemini: { ending: 'cut-off' }, openai: { ending: 'refused' } });
    try {
      const context = await newContext(browser);
      const { page, errors } = await openPage(context, '/ai-search-audit');
      await page.getByRole('textbox', { name: 'Your question' }).fill('best trail running shoes');
      await page.getByRole('textbox', { name: 'Brand' }).fill('Brand X');
      await page.getByRole('textbox', { name: 'Email' }).fill('e2e-endings@example.com');
      await page.getByRole('button', { name: 'Analyse' }).click();
      await toastText(page, 'Analysis Complete');
      await page.locator('#audit-results-title').waitFor();
      await checkCards(page);

      const reportPath = await page.locator('a.audit-report-url').getAttribute('href');
      assert.ok(reportPath);
      const report = await openPage(context, reportPath);
      await report.page.locator('#audit-results-title').waitFor();
      await checkCards(report.page);
      // The report names the model each answer says answered.
      assert.match(await textOf(report.page, '.audit-report-meta'), /Claude \(claude-sonnet-5-5\)/);
      assert.deepEqual(errors, []);
      assert.deepEqual(report.errors, []);
      await context.close();
    } finally {
      await resetSim();
    }
  });
});
