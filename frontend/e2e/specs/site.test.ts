import { PRODUCT_NAME } from '@agency/shared';
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { e2eStack } from '../support/e2e-env.js';

void describe('the site in a browser, through the gateway', () => {
  let browser: Browser;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  async function openPage(path: string): Promise<{ page: Page; errors: string[]; status: number | undefined }> {
    const page = await browser.newPage();
    page.setDefaultTimeout(15_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto(`${e2eStack.gatewayUrl}${path}`, { waitUntil: 'load' });
    return { page, errors, status: response?.status() };
  }

  void test('the home page shows the product name in British English', async () => {
    const { page, errors, status } = await openPage('/');
    assert.equal(status, 200);
    await page.getByRole('heading', { level: 1, name: PRODUCT_NAME }).waitFor();
    assert.ok((await page.title()).includes(PRODUCT_NAME));
    assert.equal(await page.locator('html').getAttribute('lang'), 'en-GB');
    assert.match((await page.locator('main').textContent()) ?? '', /coming soon/i);
    assert.deepEqual(errors, []);
    await page.close();
  });

  void test('a deep link to a client-side route loads the app', async () => {
    const { page, errors, status } = await openPage('/blog/some-post');
    assert.equal(status, 200);
    await page.getByRole('heading', { level: 1, name: PRODUCT_NAME }).waitFor();
    assert.deepEqual(errors, []);
    await page.close();
  });
});
